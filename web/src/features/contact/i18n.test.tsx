import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from './messages';
import { inPseudoLanguage, untranslated } from '../../test/i18n';
import { fakeApi, json, renderAt } from '../../test/utils';
import ContactPage from './ContactPage';

inPseudoLanguage();

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
});

/**
 * The texts shown outside the catalogue, but for those of the map, a shared component
 * (shared/ui/MapEmbed) whose words are not this page's. `typed` is what the farmer wrote.
 */
function untranslatedPage(typed: string[] = []): string[] {
  const map = document.getElementById('contact-map')?.nextElementSibling;
  expect(map).toBeTruthy();
  const all = untranslated(document.body, typed);
  const inMap = new Set(untranslated(map!));
  return all.filter((t) => !inMap.has(t));
}

async function renderContact() {
  renderAt('/contact', [{ path: '/contact', Component: ContactPage }]);
  await screen.findByRole('heading', { level: 1 });
  const m = contactMessages().form;
  const box = (name: string) => screen.getByRole('textbox', { name });
  return {
    m,
    send: () => screen.getByRole('button', { name: m.send }),
    fill(values: { name: string; email: string; subject: string; message: string }) {
      fireEvent.change(box(m.name), { target: { value: values.name } });
      fireEvent.change(box(m.email), { target: { value: values.email } });
      fireEvent.change(screen.getByRole('combobox', { name: m.subject }), { target: { value: values.subject } });
      fireEvent.change(box(m.message), { target: { value: values.message } });
    },
  };
}

const message = { name: 'Otieno', email: 'otieno@example.com', subject: 'order', message: 'Where is my order?' };

describe('the Contact page in another language', () => {
  it('the page and its form', async () => {
    await renderContact();
    // Each subject is offered in the language shown.
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(6);
    for (const o of options) expect(o.textContent).toMatch(/^⟦.+⟧$/);
    expect(untranslatedPage()).toEqual([]);
    expect(untranslated(document.head)).toEqual([]);
    expect(document.title).toContain('⟦');
  });

  it('the checks of every field', async () => {
    const { fill, send } = await renderContact();
    fireEvent.click(send());
    expect(document.querySelectorAll('[id$="-error"]')).toHaveLength(4);
    expect(untranslatedPage()).toEqual([]);

    const tooLong = { name: 'n'.repeat(101), email: 'otieno', subject: 'order', message: 'm'.repeat(5001) };
    fill(tooLong);
    fireEvent.click(send());
    expect(document.querySelectorAll('[id$="-error"]')).toHaveLength(3);
    expect(untranslatedPage([tooLong.message])).toEqual([]);
  });

  it('sending, then sent', async () => {
    let answer: (r: Response) => void = () => {};
    fakeApi({ 'POST /api/contact/': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { m, fill, send } = await renderContact();
    fill(message);
    fireEvent.click(send());
    expect(await screen.findByRole('button', { name: m.sending })).toBeTruthy();
    expect(untranslatedPage([message.message]), 'sending').toEqual([]);

    await act(async () => answer(json(201, { message: 'Thank you' })));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: m.close })).toBeTruthy();
    expect(screen.getByRole('button', { name: m.sent, hidden: true })).toBeTruthy();
    expect(untranslatedPage(), 'sent').toEqual([]);
  });

  it('not sent', async () => {
    fakeApi({ 'POST /api/contact/': () => json(500, { error: 'Something went wrong on our side. Please try again.' }) });
    const { m, fill, send } = await renderContact();
    fill(message);
    fireEvent.click(send());
    expect(await screen.findByRole('button', { name: m.tryAgain })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(m.notSent);
    expect(untranslatedPage([message.message])).toEqual([]);
  });
});
