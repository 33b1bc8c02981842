/** Business constants and limits of spec §9, by name. */

export const NAME_MIN_LENGTH = 2;
export const NAME_BLOCKLIST = ['LLC', 'INC'] as const;

export const NOTIFICATION_PAGE_SIZE = 10;
export const INVITE_TAB_MAX = 10;

export const INVITE_CHIPS_MAX = 5;
export const INVITES_PER_SEND_MAX = 50;

export const FEEDBACK_ATTACHMENT_MAX_BYTES = 5_000_000;
export const FEEDBACK_ATTACHMENTS_MAX = 3;

export const PERSISTENCE_TIMEOUT_MS = 5000;

export const MOBILE_BREAKPOINT_PX = 1024;
export const WIDE_LAYOUT_PX = 2700;
export const CONTENT_MAX_WIDTH_PX = 1676;
export const TUTORIAL_TOOLTIP_WIDTH_PX = 400;
export const DROPDOWN_MENU_MAX_HEIGHT_PX = 241;
export const BELL_DROPDOWN_MAX_HEIGHT_PX = 400;
export const SIDEBAR_WIDTH_PX = 236;
export const SIDEBAR_COLLAPSED_WIDTH_PX = 67;

export const DEFAULT_PLAN_MODE = 'month';

/** Date display (spec §9): day/month/year, 24-hour time; lists drop the time. */
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

export const TAGLINE = 'Track your shipments in real-time to gain full supply chain visibility';
