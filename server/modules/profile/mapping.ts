/**
 * The signed-in administrator -> profile object (contract/profile.ts).
 */
import type { Status } from '../../../contract/fields';
import type { ProfileResponse } from '../../../contract/profile';
import type { AuthAdmin } from '../../http/session';
import { avatarUrl } from '../admins';

/** Maps the signed-in administrator (or an admins row) to the profile object. */
export function toProfile(a: Pick<AuthAdmin, 'id' | 'firstname' | 'name' | 'email' | 'status' | 'avatarKey'>): ProfileResponse {
  return { id: a.id, firstname: a.firstname, name: a.name, email: a.email, status: a.status as Status, avatar_url: avatarUrl(a.avatarKey) };
}
