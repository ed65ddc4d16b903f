// Both Slack manifests (HTTP mode and Socket Mode) follow Slack's manifest rules, and the rules
// catch what Slack would refuse.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkSlackManifest } from './slack-manifest-rules.js';

function load(file: string): Record<string, unknown> {
  return parseYaml(readFileSync(`manifests/slack/${file}`, 'utf8')) as Record<string, unknown>;
}

describe('Slack app manifests', () => {
  it.each(['manifest.yaml', 'manifest.socket-mode.yaml'])('%s follows Slack’s manifest rules', (file) => {
    expect(checkSlackManifest(load(file))).toEqual([]);
  });

  it('the two manifests differ only in how events arrive', () => {
    const http = load('manifest.yaml');
    const socket = load('manifest.socket-mode.yaml');
    expect(socket.oauth_config).toEqual(http.oauth_config);
    expect(socket.features).toEqual(http.features);
    const settings = (manifest: Record<string, unknown>) => manifest.settings as { event_subscriptions: { bot_events: string[] }; socket_mode_enabled: boolean };
    expect(settings(socket).event_subscriptions.bot_events).toEqual(settings(http).event_subscriptions.bot_events);
    expect([settings(http).socket_mode_enabled, settings(socket).socket_mode_enabled]).toEqual([false, true]);
  });

  it('reports what Slack would refuse, naming the key', () => {
    const manifest = load('manifest.yaml');
    const broken = structuredClone(manifest) as {
      display_information: Record<string, unknown>;
      oauth_config: { scopes: { bot: string[] } };
      settings: { event_subscriptions: Record<string, unknown>; interactivity: Record<string, unknown> };
    };
    broken.display_information.name = 'datathread, the data analyst in your threads';
    broken.oauth_config.scopes.bot = broken.oauth_config.scopes.bot.filter((scope) => scope !== 'im:history').concat('chat:write:bot');
    delete broken.settings.interactivity.request_url;
    expect(checkSlackManifest(broken)).toEqual([
      'display_information.name must be 1–35 characters (has 44)',
      'oauth_config.scopes.bot: chat:write:bot is not a Slack bot scope',
      'settings.event_subscriptions.bot_events: message.im needs the im:history bot scope',
      'settings.interactivity.request_url must be an https:// URL when socket_mode_enabled is false',
    ]);
  });

  it('declares the agent messaging experience: agent_view, its events, and the scopes the features need', () => {
    for (const file of ['manifest.yaml', 'manifest.socket-mode.yaml']) {
      const manifest = load(file) as { features: Record<string, Record<string, unknown>>; oauth_config: { scopes: { bot: string[] } }; settings: { event_subscriptions: { bot_events: string[] } } };
      expect(manifest.features.agent_view?.agent_description).toEqual(expect.any(String));
      expect(manifest.features.assistant_view).toBeUndefined();
      expect(manifest.settings.event_subscriptions.bot_events).toEqual(expect.arrayContaining(['app_home_opened', 'app_context_changed', 'message.im']));
      expect(manifest.settings.event_subscriptions.bot_events.filter((event) => event.startsWith('assistant_thread'))).toEqual([]);
      // slack-group: entries read usergroups.users.list; prompts, titles and status need assistant:write.
      expect(manifest.oauth_config.scopes.bot).toEqual(expect.arrayContaining(['usergroups:read', 'assistant:write']));
    }
  });

  it('still accepts an app created with the assistant view, as installed apps keep it', () => {
    const manifest = load('manifest.yaml') as { features: Record<string, unknown>; settings: { event_subscriptions: { bot_events: string[] } } };
    delete manifest.features.agent_view;
    manifest.features.assistant_view = { assistant_description: 'Ask questions about your data.' };
    manifest.settings.event_subscriptions.bot_events = manifest.settings.event_subscriptions.bot_events.filter((event) => event !== 'app_context_changed').concat('assistant_thread_started', 'assistant_thread_context_changed');
    expect(checkSlackManifest(manifest)).toEqual([]);
  });

  it('requires the assistant:write scope for the agent view, agent_view for app_context_changed, and a display name for the bot user', () => {
    const manifest = load('manifest.socket-mode.yaml') as { features: { bot_user: Record<string, unknown>; agent_view?: Record<string, unknown> }; oauth_config: { scopes: { bot: string[] } } };
    delete manifest.features.bot_user.display_name;
    manifest.oauth_config.scopes.bot = manifest.oauth_config.scopes.bot.filter((scope) => scope !== 'assistant:write');
    expect(checkSlackManifest(manifest)).toEqual([
      'features.bot_user.display_name is required',
      'features.agent_view needs the assistant:write bot scope (suggested prompts)',
    ]);
    delete manifest.features.agent_view;
    expect(checkSlackManifest(manifest)).toEqual([
      'features.bot_user.display_name is required',
      'settings.event_subscriptions.bot_events: app_context_changed needs features.agent_view',
    ]);
  });
});
