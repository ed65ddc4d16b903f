// The places a conversation can come from: the two chat platforms, the terminal and MCP clients.
// The store's Actor and the access rules' `platforms:` list both take their values from here.
export const PLATFORMS = ['slack', 'teams', 'console', 'mcp'] as const;

export type Platform = (typeof PLATFORMS)[number];
