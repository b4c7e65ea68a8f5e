import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './CopyButton';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function press() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Copy the account number' }));
  });
}

describe('CopyButton', () => {
  it('copies with the Clipboard API on a secure page and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true);
    render(<CopyButton text="ORDER-1795" label="Copy the account number" />);
    await press();
    expect(writeText).toHaveBeenCalledWith('ORDER-1795');
    expect(screen.getByRole('status').textContent).toBe('Copied');
  });

  it('falls back to the older copy on a page that is not secure, and says when that fails too', async () => {
    vi.stubGlobal('isSecureContext', false);
    const exec = vi.fn().mockReturnValue(false);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    render(<CopyButton text="ORDER-1795" label="Copy the account number" />);
    await press();
    expect(exec).toHaveBeenCalledWith('copy');
    expect(screen.getByRole('status').textContent).toBe('Could not copy: please write it down');
  });
});
