/**
 * The session's door: how other features read a phone number as the login form does. Login, auto-login,
 * real name and the account centre are wired by src/app (effects, bridge, dialogs, the setting page).
 */
export { normalizePhone } from './session-input';
