import { useEffect, useState } from 'react';
import { accountMessages } from '../../shared/i18n/messages/account';
import { getReminders, setReminders, type RemindersSetting } from './api';

/** My Account's reminders switch: a text a few days before a bag runs out, off until ticked. */
export function Reminders() {
  const m = accountMessages().reminders;
  const [setting, setSetting] = useState<RemindersSetting | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    getReminders()
      .then((s) => live && setSetting(s))
      // Unread, the switch is not shown: the orders above say whether the shop answers.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const change = async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      setSetting(await setReminders(on));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="reminders-heading" className="mt-12">
      <h2 id="reminders-heading" className="text-xl font-bold text-brand-900">
        {m.title}
      </h2>
      {setting && !setting.phone && <p className="mt-2 text-stone-700">{m.noPhone}</p>}
      {setting && setting.phone && (
        <label className="mt-3 flex min-h-11 items-center gap-3 text-stone-900">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={setting.reminders && !setting.stopped}
            disabled={busy}
            onChange={(e) => void change(e.target.checked)}
          />
          {m.label}
        </label>
      )}
      {failed && (
        <p role="alert" className="mt-1 text-sm font-medium text-red-800">
          {m.failed}
        </p>
      )}
    </section>
  );
}
