/**
 * The workspace a page shows, sent by the web app with every call: each tab works in the workspace it
 * shows, checked against the user's memberships (ADR 36), so two tabs of one session can work in two
 * workspaces. A workspace the user no longer belongs to is refused with SELECTION_CHANGED. Calls
 * without it (scripts, older clients) work in the session's selection.
 */
export const WORKSPACE_HEADER = 'X-Workspace-Id';
