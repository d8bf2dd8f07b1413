import { API, isLanguage, type Language, type UserSnapshot } from '@svp/shared';
import { apiPut, serverAnswer } from '../../lib/api';
import { readStoredUserRaw, setStoredUser, subscribeStoredUser } from '../../lib/storedUser';
import { storedUserId } from '../../lib/useStoredUser';
import { activateLanguage, currentLanguage } from './i18n';

// While a pick is on its way to the account, a snapshot that still names the old language must not switch back.
let choosing = 0;

function storedSnapshot(): (UserSnapshot & Record<string, unknown>) | null {
  try {
    return JSON.parse(readStoredUserRaw() ?? 'null') as (UserSnapshot & Record<string, unknown>) | null;
  } catch {
    return null;
  }
}

/** The reader picks a language: every text switches to it, and a signed-in account keeps it (e-mails follow). */
export async function chooseLanguage(language: Language): Promise<void> {
  choosing += 1;
  try {
    await activateLanguage(language);
    if (storedUserId() === null) return;
    await apiPut(API.accountLanguage, { language }, { schema: serverAnswer() });
    const user = storedSnapshot();
    if (user) setStoredUser({ ...user, language });
  } catch {
    // The page already speaks it; the account keeps its language until the next pick.
  } finally {
    choosing -= 1;
  }
}

/** Signed in, the account's language wins: a sign-in on a new device, or a change made in another tab. */
export function followAccountLanguage(): () => void {
  const follow = () => {
    const language = storedSnapshot()?.language;
    if (choosing === 0 && isLanguage(language) && language !== currentLanguage()) void activateLanguage(language);
  };
  follow();
  return subscribeStoredUser(follow);
}
