/** What the profile module offers the other modules (they import it only through this file). */
export { toProfile } from './mapping';
