/**
 * 'Contact support' (issue 21, docs/decisions/046): limits and texts.
 *
 * A module of values/: no schema library (docs/decisions/033). The schemas are in ../support.ts.
 */
export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 5000;
export const SUPPORT_MESSAGE_SHORT = `Message must be at least ${String(SUPPORT_MESSAGE_MIN)} characters long`;
/** Messages a person may send per hour (429 beyond). */
export const SUPPORT_MESSAGES_PER_HOUR = 5;
/** 404: SUPPORT_EMAIL is not configured, so there is nobody to write to (the form is not shown). */
export const SUPPORT_OFF_MESSAGE = "Support messages are not set up on this server.";
export const SUPPORT_SENT_TITLE = "Message sent";
export const SUPPORT_SENT_DESCRIPTION = "We'll reply to your email address.";
