/**
 * A cookie the page can read, set beside the (HttpOnly) session cookie and cleared with it: it says
 * only that a session cookie is there. A page without it knows the visitor is signed out and does not
 * ask the server (whose answer would be a 401). It grants nothing: a forged one only costs that 401.
 */
export const SESSION_HINT_COOKIE = 'tl_signed_in';
