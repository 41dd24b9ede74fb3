/**
 * The password transport cipher as a module of its own, for the server-rendered shop pages'
 * sign-in form: the same code as the editor's, so both send what /api/isAuthenticated expects.
 */
export { encryptPassword, signInSalt } from '../api/passwordCipher';
