import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BackupStatus, every, stale } from './BackupStatus';

describe('BackupStatus', () => {
  it('shows the last backup and how often the shop takes one', () => {
    render(<BackupStatus backup={{ engine: 'sqlite', scheduled: true, intervalSeconds: 21600, lastAt: '2025-11-15T06:00:00Z', warning: false, lastStaleRemoved: 0 }} />);
    const region = screen.getByRole('region', { name: 'Backups' });
    expect(region.textContent).toContain('Last backup:');
    expect(region.textContent).toContain('(the shop takes one every 6 hours)');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns when the last backup is older than twice the interval, or there is none', () => {
    render(<BackupStatus backup={{ engine: 'sqlite', scheduled: true, intervalSeconds: 3600, lastAt: null, warning: true, lastStaleRemoved: 0 }} />);
    expect(screen.getByRole('region', { name: 'Backups' }).textContent).toContain('No backup has been taken yet.');
    expect(screen.getByRole('alert').textContent).toContain('older than twice the interval');
  });

  it('says how to turn backups on, and what to do on PostgreSQL', () => {
    const { rerender } = render(<BackupStatus backup={{ engine: 'sqlite', scheduled: false, intervalSeconds: 0, lastAt: null, warning: false, lastStaleRemoved: 0 }} />);
    expect(screen.getByRole('region', { name: 'Backups' }).textContent).toContain('set SHOP_BACKUP_DIR and SHOP_BACKUP_INTERVAL');
    rerender(<BackupStatus backup={{ engine: 'postgres', scheduled: false, intervalSeconds: 0, lastAt: null, warning: false, lastStaleRemoved: 0 }} />);
    expect(screen.getByRole('region', { name: 'Backups' }).textContent).toContain('pg_dump');
    rerender(<BackupStatus backup={null} />);
    expect(screen.queryByRole('region', { name: 'Backups' })).toBeNull();
  });

  it('says how many unfinished backups the last backup removed', () => {
    const { rerender } = render(
      <BackupStatus backup={{ engine: 'sqlite', scheduled: true, intervalSeconds: 21600, lastAt: '2025-11-15T06:00:00Z', warning: false, lastStaleRemoved: 3 }} />,
    );
    expect(screen.getByRole('region', { name: 'Backups' }).textContent).toContain(
      'It removed 3 unfinished backups left by backups that were stopped half-way.',
    );
    rerender(<BackupStatus backup={{ engine: 'sqlite', scheduled: true, intervalSeconds: 21600, lastAt: '2025-11-15T06:00:00Z', warning: false, lastStaleRemoved: 0 }} />);
    expect(screen.getByRole('region', { name: 'Backups' }).textContent).not.toContain('unfinished');
    expect(stale(1)).toBe('It removed 1 unfinished backup left by a backup that was stopped half-way.');
  });

  it('says the interval in words', () => {
    expect(every(3600)).toBe('every hour');
    expect(every(21600)).toBe('every 6 hours');
    expect(every(1800)).toBe('every 30 minutes');
  });
});
