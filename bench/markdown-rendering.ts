// Times parsing and rendering the model's Markdown for each target, for a typical answer (about
// 2,000 characters) and a long one (45,000, several Teams cards). Every
// answer and story is rendered once per platform, on the event loop that serves everyone else.

import { pathToFileURL } from 'node:url';
import { buildAnswerBlocks } from '../src/channels/slack/render/answer-blocks.js';
import { markdownToMrkdwn } from '../src/channels/slack/render/markdown-to-mrkdwn.js';
import { buildAnswerCards } from '../src/channels/teams/render/answer-cards.js';
import { markdownToCardElements } from '../src/channels/teams/render/card-elements-from-markdown.js';
import { parseMarkdown } from '../src/markdown/parse-markdown.js';

const SECTION = [
  '## Region **North**',
  'Revenue rose _12%_ to [1.2M](https://bi.example.com/north?from=2025-01&to=2025-03), see `orders`.',
  '',
  '- Oslo: 400',
  '  - online: 250',
  '- Bergen: 300',
  '',
  '| Month | Revenue |',
  '|:--|--:|',
  '| Jan | 10 |',
  '| Feb | 12 |',
  '',
  '```sql',
  'SELECT month, SUM(amount) FROM orders GROUP BY 1',
  '```',
  '',
].join('\n');

const RENDERERS: Array<[string, (markdown: string) => unknown]> = [
  ['parse only', parseMarkdown],
  ['Slack blocks', buildAnswerBlocks],
  ['Slack mrkdwn text', markdownToMrkdwn],
  ['Teams card elements', markdownToCardElements],
  // The whole answer laid out on cards within the message budget (several cards at 45,000).
  ['Teams answer cards', (markdown) => buildAnswerCards({ text: markdown, tables: [], stories: [], followUps: ['More?'] }, [])],
];

function answerOf(characters: number): string {
  return SECTION.repeat(Math.ceil(characters / SECTION.length)).slice(0, characters);
}

/** Each run renders a slightly different text, so the parser's last-tree cache never answers. */
function medianMilliseconds(render: (run: number) => unknown, runs: number): { median: number; min: number; max: number } {
  for (let warmup = 0; warmup < 3; warmup += 1) render(-1 - warmup);
  const times = Array.from({ length: runs }, (_unused, run) => {
    const started = performance.now();
    render(run);
    return performance.now() - started;
  }).sort((first, second) => first - second);
  return { median: times[Math.floor(runs / 2)] ?? 0, min: times[0] ?? 0, max: times[runs - 1] ?? 0 };
}

export async function runMarkdownRenderingBenchmark(runs = 9): Promise<string> {
  const lines: string[] = [];
  for (const characters of [2_000, 45_000]) {
    const markdown = answerOf(characters);
    for (const [name, render] of RENDERERS) {
      const { median, min, max } = medianMilliseconds((run) => render(`${markdown}\n\nRun ${run}.`), runs);
      lines.push(`markdown: ${characters} chars, ${name}: median ${median.toFixed(1)} ms (min ${min.toFixed(1)}, max ${max.toFixed(1)}, ${runs} runs)`);
    }
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await runMarkdownRenderingBenchmark());
}
