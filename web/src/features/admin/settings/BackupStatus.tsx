import type { BackupStatus as Status } from '../../../shared/api/shapes';
import { Badge, Part, formatDate } from '../../../shared/ui/controls';

/** How often, in words: 21600 s is 'every 6 hours'. */
export function every(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? 'every hour' : `every ${seconds / 3600} hours`;
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? 'every minute' : `every ${minutes} minutes`;
}

/** What the last backup cleared away: the folders of backups stopped half-way. */
export function stale(n: number): string {
  return n === 1
    ? 'It removed 1 unfinished backup left by a backup that was stopped half-way.'
    : `It removed ${n} unfinished backups left by backups that were stopped half-way.`;
}

/** The dashboard's word on the backups: the last snapshot, what it cleared away, and a warning when it is old. */
export function BackupStatus({ backup }: { backup: Status | null }) {
  if (!backup) return null;
  let body;
  if (backup.engine === 'postgres') {
    body = <p className="mt-2 text-stone-700">The shop runs on PostgreSQL: it is backed up with pg_dump or your provider's backups (docs/deploy.md).</p>;
  } else {
    body = (
      <>
        <p className="mt-2 text-stone-800">
          {backup.lastAt ? (
            <>
              Last backup: <strong>{formatDate(backup.lastAt)}</strong>
            </>
          ) : (
            'No backup has been taken yet.'
          )}{' '}
          {backup.scheduled ? (
            <span className="text-stone-600">(the shop takes one {every(backup.intervalSeconds)})</span>
          ) : (
            <span className="text-stone-600">The shop takes no backups itself: set SHOP_BACKUP_DIR and SHOP_BACKUP_INTERVAL (docs/deploy.md).</span>
          )}
        </p>
        {backup.lastAt && backup.lastStaleRemoved > 0 && (
          <p className="mt-2 text-stone-700">{stale(backup.lastStaleRemoved)}</p>
        )}
        {backup.warning && (
          <p role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 p-3 text-red-900">
            <Badge tone="red">Warning</Badge> The last backup is older than twice the interval. Check the server's log and the backup folder.
          </p>
        )}
      </>
    );
  }
  return (
    <Part level={2} id="backup-h" title="Backups">
      {body}
    </Part>
  );
}
