/**
 * « Mes sessions » of the profile: the signed-in sessions of the current administrator, with a device
 * name read from the browser's User-Agent by `bowser` (browser, major version, operating system and,
 * on a phone or tablet, its model), the IP, sign-in and last-seen times (last seen is kept to the minute,
 * server/http/session.ts).
 */
import Bowser from 'bowser';
import type { z } from 'zod';
import type { sessionResponse } from '../../../contract/mfa';
import type { SessionRow } from '../../http/session';

/** Shown when the User-Agent tells nothing known. */
export const UNKNOWN_DEVICE = 'Appareil inconnu';

/**
 * A short device name, e.g. « Chrome 131 · Linux » or « Safari 17 · iOS (iPhone) »; `UNKNOWN_DEVICE` when
 * the User-Agent is absent or unknown.
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const { browser, os, platform } = Bowser.parse(userAgent);
  const parts: string[] = [];
  if (browser.name) parts.push(browser.version ? `${browser.name} ${browser.version.split('.')[0]}` : browser.name);
  if (os.name) parts.push(platform.model ? `${os.name} (${platform.model})` : os.name);
  return parts.length ? parts.join(' · ') : UNKNOWN_DEVICE;
}

/** Maps a session row to the « Mes sessions » object; `current` when it is the caller's own session. */
export function toSessionResponse(row: SessionRow, currentId: string | undefined): z.infer<typeof sessionResponse> {
  return {
    id: row.id,
    device: deviceName(row.userAgent),
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  };
}
