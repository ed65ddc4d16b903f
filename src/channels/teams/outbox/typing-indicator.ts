// Teams shows a typing indicator for about three seconds, so it is re-sent on an interval until
// the answer is ready. A failed send is logged and ignored: typing is a courtesy, not the answer.
export const TYPING_INTERVAL_MS = 3_000;

export interface TypingIndicator {
  start(): void;
  stop(): void;
}

export function createTypingIndicator(
  sendTyping: () => Promise<void>,
  onError: (error: unknown) => void,
  intervalMs = TYPING_INTERVAL_MS,
): TypingIndicator {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const send = () => {
    sendTyping().catch(onError);
  };
  return {
    start() {
      if (timer || stopped) return;
      send();
      timer = setInterval(send, intervalMs);
      timer.unref();
    },
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
