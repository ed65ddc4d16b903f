// Prints a TurnOutcome in the terminal and writes its charts as PNG files (stories: stories/write-story-files).
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { TurnOutcome } from '../conversations/types.js';
import type { WrittenStoryFiles } from '../stories/write-story-files.js';

export interface TerminalOutput {
  write(text: string): void;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'chart';
}

export async function writeCharts(outcome: TurnOutcome, directory: string): Promise<string[]> {
  if (outcome.charts.length === 0) return [];
  await mkdir(directory, { recursive: true });
  const paths: string[] = [];
  for (const [index, chart] of outcome.charts.entries()) {
    const path = resolve(join(directory, `${String(index + 1).padStart(2, '0')}-${slug(chart.title)}-${chart.chartId}.png`));
    await writeFile(path, chart.png);
    paths.push(path);
  }
  return paths;
}

export function formatOutcome(outcome: TurnOutcome, chartPaths: string[], storyFiles: readonly WrittenStoryFiles[] = []): string {
  const lines: string[] = [];
  if (outcome.text) lines.push(outcome.text);
  if (outcome.failure) lines.push(`⚠ ${outcome.failure.message}`);
  if (outcome.clarification) {
    lines.push('', `? ${outcome.clarification.question}`);
    outcome.clarification.options.forEach((option, index) => lines.push(`  ${index + 1}. ${option}`));
  }
  for (const path of chartPaths) lines.push(`Chart written to ${path}`);
  for (const story of outcome.stories) {
    const file = storyFiles.find((written) => written.slug === story.slug && written.version === story.version);
    lines.push(`Story "${story.title}" v${story.version} (${story.summary})${file ? ` written to ${file.markdownPath}` : ''}`);
  }
  if (outcome.followUps.length > 0) {
    lines.push('', 'Follow-ups:');
    outcome.followUps.forEach((suggestion, index) => lines.push(`  ${index + 1}. ${suggestion}`));
  }
  const ran = outcome.queries.filter((query) => !query.refused && query.queryId);
  if (ran.length > 0) {
    lines.push('', `Queries: ${ran.map((query) => `${query.queryId} on ${query.databaseName} (${query.rowCount} rows, ${query.durationMs} ms)`).join('; ')}`);
  }
  return lines.join('\n');
}
