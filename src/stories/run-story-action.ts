// nao's story actions (create / update / replace) with nao's texts, plus validation before any
// version is saved. Every saved version lands in the store with action, author and a one-line summary.
import { StoryExistsError, StoryVersionConflictError, type Store, type StoredStoryVersion } from '../store/types.js';
import { validateStoryDocument, type FindQueryResult } from './check-story-references.js';
import type { StoryAction, StoryOutput } from './story-output.js';
import { saveStoryVersion } from './story-versions.js';
import { summarizeStoryChange } from './summarize-story-change.js';

export const STORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_STORY_SLUG_CHARACTERS = 80;
/** Another writer (a user edit) can land between our read and our write; re-read and re-apply. */
const SAVE_ATTEMPTS = 3;

export interface StoryActionInput {
  action: StoryAction;
  id: string;
  title?: string;
  code?: string;
  search?: string;
  replace?: string;
}

export interface StoryActionDependencies {
  store: Store;
  threadId: string;
  now: () => Date;
  findQueryResult: FindQueryResult;
  author?: StoredStoryVersion['author'];
}

type Planned = { ok: true; title: string; code: string } | { ok: false; output: StoryOutput };

function fail(id: string, message: string): StoryOutput {
  return { _version: '1', status: 'error', id, message };
}

function plan(input: StoryActionInput, latest: StoredStoryVersion | undefined): Planned {
  const { id } = input;
  if (input.action === 'create') {
    if (!input.code || !input.title) return { ok: false, output: fail(id, '"code" and "title" are required for the "create" action.') };
    if (latest) return { ok: false, output: fail(id, `Story "${id}" already exists. Use "update" or "replace" instead.`) };
    return { ok: true, title: input.title, code: input.code };
  }
  if (!latest) return { ok: false, output: fail(id, `Story "${id}" does not exist. Use "create" first.`) };
  if (input.action === 'update') {
    if (!input.search || input.replace === undefined) {
      return { ok: false, output: fail(id, '"search" and "replace" are required for the "update" action.') };
    }
    const index = latest.code.indexOf(input.search);
    if (index === -1) return { ok: false, output: fail(id, `Search string not found in story "${id}".`) };
    const code = `${latest.code.slice(0, index)}${input.replace}${latest.code.slice(index + input.search.length)}`;
    return { ok: true, title: latest.title, code };
  }
  if (!input.code) return { ok: false, output: fail(id, '"code" is required for the "replace" action.') };
  return { ok: true, title: input.title || latest.title, code: input.code };
}

export async function runStoryAction(input: StoryActionInput, dependencies: StoryActionDependencies): Promise<StoryOutput> {
  const { store, threadId } = dependencies;
  const { id, action } = input;
  if (!STORY_SLUG_PATTERN.test(id) || id.length > MAX_STORY_SLUG_CHARACTERS) {
    return fail(id, `Story id "${id}" is not a kebab-case slug. Use lowercase letters, digits and single hyphens (at most ${MAX_STORY_SLUG_CHARACTERS} characters), e.g. "sales-by-region".`);
  }
  for (let attempt = 1; ; attempt += 1) {
    const latest = await store.stories.getLatestStoryVersion(threadId, id);
    const planned = plan(input, latest);
    if (!planned.ok) return planned.output;
    const errors = await validateStoryDocument(planned.code, dependencies.findQueryResult);
    if (errors.length > 0) return { _version: '1', status: 'invalid', id, action, latestVersion: latest?.version ?? null, errors };
    const summary = summarizeStoryChange({
      action,
      title: planned.title,
      code: planned.code,
      previousTitle: latest?.title,
      previousCode: latest?.code,
      search: input.search,
      replace: input.replace,
    });
    try {
      const saved = await saveStoryVersion(
        store,
        { threadId, slug: id, title: planned.title, code: planned.code, action, author: dependencies.author ?? 'assistant', summary, createdAt: dependencies.now() },
        latest,
      );
      return { _version: '1', status: 'ok', id, action, version: saved.version, title: saved.title, code: saved.code, summary };
    } catch (error) {
      const raced = error instanceof StoryExistsError || error instanceof StoryVersionConflictError;
      if (!raced || attempt >= SAVE_ATTEMPTS) throw error;
    }
  }
}
