import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpConnectionOptions } from './mcp-connection.js';

/**
 * Routes what the server announces to the connection's listeners: tool list changes, updates of
 * subscribed resources (when listened for) and log messages (when listened for).
 */
export function handleServerNotifications(
  client: Client,
  options: Pick<McpConnectionOptions, 'onToolListChanged' | 'onLog' | 'onResourceUpdated'>,
): void {
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    options.onToolListChanged();
  });
  const { onLog, onResourceUpdated } = options;
  if (onResourceUpdated) {
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      onResourceUpdated(notification.params.uri);
    });
  }
  if (onLog) {
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      try {
        onLog(notification.params);
      } catch {
        // A faulty log listener must not disturb the connection.
      }
    });
  }
}
