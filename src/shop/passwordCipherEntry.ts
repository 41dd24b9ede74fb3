/**
 * The password transport cipher as a module of its own, for the server-rendered shop pages'
 * sign-in and new-password forms: the same code as the editor's, so both send what /api/isAuthenticated expects.
 */
export { encryptPassword, resetSalt, signInSalt } from '../api/passwordCipher';
