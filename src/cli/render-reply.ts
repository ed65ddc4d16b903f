// Prints a turn's reply plan in the terminal and writes its charts as PNG files (stories: stories/write-story-files).
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ChartArtifact, StoryArtifact } from '../store/turn-artifacts.js';
import type { ReplyPlan } from '../conversations/reply-plan.js';
import { MEMORY_SENTENCES, memoryNoteDetail } from '../memory/memory-note.js';
import type { WrittenStoryFiles } from '../stories/write-story-files.js';
import { formatDuration, terminalSentence } from './terminal-wording.js';
import { verifiedBadgeText } from '../verified/verified-query.js';

export interface TerminalOutput {
  write(text: string): void;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'chart';
}

export async function writeCharts(charts: readonly ChartArtifact[], directory: string): Promise<string[]> {
  if (charts.length === 0) return [];
  await mkdir(directory, { recursive: true });
  const paths: string[] = [];
  for (const [index, chart] of charts.entries()) {
    const path = resolve(join(directory, `${String(index + 1).padStart(2, '0')}-${slug(chart.title)}-${chart.chartId}.png`));
    await writeFile(path, chart.png);
    paths.push(path);
  }
  return paths;
}

export interface TerminalExtras {
  chartPaths: string[];
  /** Every story version the turn saved: the terminal writes each as a file, so each gets its line. */
  storyVersions?: readonly StoryArtifact[];
  storyFiles?: readonly WrittenStoryFiles[];
}

export function formatReply(plan: ReplyPlan, extras: TerminalExtras): string {
  const lines: string[] = [];
  if (plan.answer) lines.push(plan.answer);
  if (plan.verifiedQuery) lines.push(verifiedBadgeText(plan.verifiedQuery));
  for (const note of plan.notes) lines.push(`(${terminalSentence(note)})`);
  if (plan.sentence) {
    const text = terminalSentence(plan.sentence.text);
    lines.push(plan.sentence.kind === 'failed' ? `⚠ ${text}` : text);
  }
  const clarification = plan.controls.clarification;
  if (clarification) {
    lines.push('', `? ${clarification.question}`);
    clarification.options.forEach((option, index) => lines.push(`  ${index + 1}. ${option}`));
  }
  for (const path of extras.chartPaths) lines.push(`Chart written to ${path}`);
  for (const story of extras.storyVersions ?? plan.stories) {
    const file = extras.storyFiles?.find((written) => written.slug === story.slug && written.version === story.version);
    lines.push(`Story "${story.title}" v${story.version} (${story.summary})${file ? ` written to ${file.markdownPath}` : ''}`);
  }
  for (const note of plan.memoryNotes) {
    const undo = note.state === 'remembered' ? ` (undo: datathread memory forget ${note.memoryId})` : '';
    lines.push(`🧠 ${MEMORY_SENTENCES[note.state]} ${note.text} — ${memoryNoteDetail(note)}${undo}`);
  }
  if (plan.controls.followUps.length > 0) {
    lines.push('', 'Follow-ups:');
    plan.controls.followUps.forEach((suggestion, index) => lines.push(`  ${index + 1}. ${suggestion}`));
  }
  const ran = plan.controls.queries.filter((query) => !query.refused && query.queryId);
  if (ran.length > 0) {
    lines.push('', `Queries: ${ran.map((query) => `${query.queryId} on ${query.databaseName} (${query.rowCount} rows${query.durationMs === null ? '' : `, ${formatDuration(query.durationMs)}`})`).join('; ')}`);
  }
  return lines.join('\n');
}
