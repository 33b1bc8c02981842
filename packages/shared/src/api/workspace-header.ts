/**
 * The workspace a page shows, sent by the web app with every call. The selection lives on the session,
 * which two tabs share: when another tab has switched it, the server refuses the call with
 * SELECTION_CHANGED instead of letting it land in the other workspace. Calls without it (scripts, older
 * clients) work in the session's selection as before.
 */
export const WORKSPACE_HEADER = 'X-Workspace-Id';
