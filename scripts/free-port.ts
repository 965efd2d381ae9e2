// The tests' helper (a port this process was not given before): the scripts start profiles too.
export { freePort } from '../packages/platform/test/support/http.js';
