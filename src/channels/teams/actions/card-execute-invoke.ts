// datathread's cards send Action.Submit, but an older card or another app's card in the same chat
// can send Action.Execute, which reaches the bot as an `adaptiveCard/action` invoke. Teams waits for
// the invoke response and shows the person an error for anything but a 200, so it is answered with
// the documented message response (Teams shows its text where the button was pressed): the button
// is not supported any more, and the question goes in the thread. No turn runs for it.
import type { TurnContext } from '@microsoft/agents-hosting';
import type { InboundActivity } from '../inbound/inbound-activity.js';

export const CARD_EXECUTE_INVOKE_NAME = 'adaptiveCard/action';

/** The invoke response type whose `value` Teams shows as a short message. */
export const CARD_MESSAGE_RESPONSE_TYPE = 'application/vnd.microsoft.activity.message';

export const UNSUPPORTED_BUTTON_SENTENCE = 'This button is no longer supported. Ask your question in the thread instead.';

export function isCardExecuteInvoke(activity: InboundActivity): boolean {
  return activity.type === 'invoke' && activity.name === CARD_EXECUTE_INVOKE_NAME;
}

export async function answerCardExecuteInvoke(turnContext: TurnContext): Promise<void> {
  const body = { statusCode: 200, type: CARD_MESSAGE_RESPONSE_TYPE, value: UNSUPPORTED_BUTTON_SENTENCE };
  await turnContext.sendActivity({ type: 'invokeResponse', value: { status: 200, body } } as Parameters<TurnContext['sendActivity']>[0]);
}
