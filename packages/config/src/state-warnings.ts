import type { Telemetry } from '@arsenal/core';

/**
 * Turns the shared state store's outage events into start-up style warnings (a served process
 * prints them on stderr), so an operator sees Redis going away and coming back.
 */
export function stateWarnings(warn: (message: string) => void): Telemetry {
  return {
    emit(event) {
      if (event.type === 'state.unavailable') {
        warn(
          `state: the shared state store is unavailable (${event.message}). Until it returns, calls under a rate limit are refused; breakers, health and invocations use this process's own state.`,
        );
      } else if (event.type === 'state.recovered') {
        warn(`state: the shared state store answers again (after ${event.downForMs} ms).`);
      }
    },
  };
}
