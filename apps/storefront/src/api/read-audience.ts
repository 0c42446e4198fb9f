import { getMemberState } from '@/stores/member-store';

/**
 * Whether a catalogue read may take the cache path. `/cached_api` always answers as the public
 * identity (decision 0005), so a logged-in visitor reads live: members-only events, their groups
 * and their calendars exist only for members (shopping §6; the server decides membership). Asked
 * at fetch time: login and logout refetch every query.
 */
export function cachedReadAllowed(): boolean {
  return !getMemberState().loggedIn;
}
