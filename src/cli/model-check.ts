// `datathread check`'s model line: one small request to the configured model, so a wrong address,
// key or model name shows up here rather than in the first conversation. The request asks for a
// few tokens only (OpenAI's Responses API refuses fewer than 16) and is not retried.
import { APICallError } from '@ai-sdk/provider';
import { generateText, type LanguageModel } from 'ai';
import type { ModelSettings } from '../config/model-settings.js';
import { DEFAULT_MODELS } from '../config/model-providers.js';
import { errorMessage } from '../support/errors.js';

export const MODEL_CHECK_TIMEOUT_MS = 20_000;
const MODEL_CHECK_MAX_OUTPUT_TOKENS = 16;

export interface ModelCheckResult {
  ok: boolean;
  /** What happened, for the end of the `Model:` line. */
  text: string;
}

/** Which model name is asked for, when the name is only the built-in default on a server of unknown models. */
export function defaultModelNameNote(settings: ModelSettings, environmentModel: string | undefined): string | undefined {
  if (settings.provider !== 'openai_compatible' || environmentModel !== undefined || settings.model !== DEFAULT_MODELS.openai) return undefined;
  return `asks the server for the model "${settings.model}", the built-in default: set DATATHREAD_MODEL (or agent.model) to a model the server at ${settings.baseUrl} serves`;
}

export async function checkModel(model: LanguageModel, settings: ModelSettings): Promise<ModelCheckResult> {
  try {
    await generateText({
      model,
      prompt: 'Reply with the word OK.',
      maxOutputTokens: MODEL_CHECK_MAX_OUTPUT_TOKENS,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(MODEL_CHECK_TIMEOUT_MS),
    });
    return { ok: true, text: 'OK, answered a test request' };
  } catch (error) {
    return { ok: false, text: `FAILED — ${describeModelFailure(error, settings)}` };
  }
}

function describeModelFailure(error: unknown, settings: ModelSettings): string {
  const address = 'baseUrl' in settings && settings.baseUrl ? settings.baseUrl : `the ${settings.provider} service`;
  const apiError = findApiError(error);
  const status = apiError?.statusCode;
  if (status === 401 || status === 403) return `${address} refused the credentials (HTTP ${status}): check the provider's API key or credentials`;
  if (status === 404) return `${address} does not know the model "${settings.model}" (HTTP 404): set DATATHREAD_MODEL (or agent.model) to a model it serves`;
  if (status !== undefined) return `${address} answered HTTP ${status}: ${firstLine(apiError!.message)}`;
  if ((error as Error)?.name === 'TimeoutError' || (error as Error)?.name === 'AbortError') {
    return `${address} did not answer within ${MODEL_CHECK_TIMEOUT_MS / 1000} s`;
  }
  const code = connectionErrorCode(error);
  if (code) return `could not reach ${address} (${code}): check the address and that the server is running`;
  return firstLine(errorMessage(error));
}

function findApiError(error: unknown): APICallError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (APICallError.isInstance(current) && current.statusCode !== undefined) return current;
    const candidate = current as { lastError?: unknown; cause?: unknown };
    current = candidate.lastError ?? candidate.cause;
  }
  return undefined;
}

/** ECONNREFUSED, ENOTFOUND …: the system error code somewhere down the cause chain. */
function connectionErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return /fetch failed|Cannot connect/i.test(errorMessage(error)) ? 'no connection' : undefined;
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 300);
}
