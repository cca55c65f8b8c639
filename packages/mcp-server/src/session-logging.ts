import type { ToolLogEntry, ToolLogLevel } from '@arsenal/core';
import type { LoggingLevel, ServerNotification } from '@modelcontextprotocol/sdk/types.js';

/**
 * The level a session starts at. MCP lets a server choose what to send before the client calls
 * logging/setLevel; debug chatter stays off until a client asks for it.
 */
export const DEFAULT_LOG_LEVEL: LoggingLevel = 'info';

/** Least severe first, as MCP (and syslog) orders them. */
const SEVERITY: readonly ToolLogLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

function severityOf(level: string): number {
  const index = SEVERITY.indexOf(level as ToolLogLevel);
  // A handler written in plain JavaScript may pass anything: treat an unknown level as info.
  return index === -1 ? 1 : index;
}

/** One MCP session's log level (set by logging/setLevel) and the messages it lets through. */
export class SessionLogging {
  #level: LoggingLevel = DEFAULT_LOG_LEVEL;

  get level(): LoggingLevel {
    return this.#level;
  }

  setLevel(level: LoggingLevel): void {
    this.#level = level;
  }

  /**
   * The `notifications/message` for a tool's log entry, or undefined when the session's level
   * filters it out. `logger` is the tool's name as the client knows it.
   */
  notificationFor(entry: ToolLogEntry, logger: string): ServerNotification | undefined {
    const severity = severityOf(entry.level);
    if (severity < severityOf(this.#level)) return undefined;
    return {
      method: 'notifications/message',
      params: {
        level: SEVERITY[severity] ?? 'info',
        logger,
        data:
          entry.data === undefined ? entry.message : { message: entry.message, data: entry.data },
      },
    };
  }
}
