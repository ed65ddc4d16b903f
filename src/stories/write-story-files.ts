// `datathread ask --out DIR`: each story version as `<slug>-v<n>.md` with its charts beside it as
// `<slug>-v<n>-chart-<k>.png`, linked from the Markdown by file name.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { renderStoryAssets, type RenderStoryAssetsOptions, type StoryChartAsset, type StoryQueryResults } from './render-story-assets.js';
import { renderStoryMarkdown } from './story-markdown.js';

export interface StoryVersionToWrite {
  slug: string;
  version: number;
  title: string;
  code: string;
}

export interface WrittenStoryFiles {
  slug: string;
  version: number;
  markdownPath: string;
  chartPaths: string[];
}

export async function writeStoryFiles(
  directory: string,
  threadId: string,
  versions: readonly StoryVersionToWrite[],
  source: StoryQueryResults,
  options: RenderStoryAssetsOptions = {},
): Promise<WrittenStoryFiles[]> {
  if (versions.length === 0) return [];
  await mkdir(directory, { recursive: true });
  const written: WrittenStoryFiles[] = [];
  for (const version of versions) {
    const base = `${version.slug}-v${version.version}`;
    const assets = await renderStoryAssets(threadId, version, source, options);
    const fileNames = new Map<StoryChartAsset, string>();
    const chartPaths: string[] = [];
    for (const [index, asset] of assets.charts.entries()) {
      const fileName = `${base}-chart-${index + 1}.png`;
      const path = resolve(join(directory, fileName));
      await writeFile(path, asset.png);
      fileNames.set(asset, fileName);
      chartPaths.push(path);
    }
    const markdownPath = resolve(join(directory, `${base}.md`));
    await writeFile(markdownPath, renderStoryMarkdown(version.title, assets, (asset) => fileNames.get(asset)!));
    written.push({ slug: version.slug, version: version.version, markdownPath, chartPaths });
  }
  return written;
}
