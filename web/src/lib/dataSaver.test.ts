import { describe, expect, it } from 'vitest';
import { decideDataSaver } from './dataSaver';

describe('decideDataSaver', () => {
  it('is off when nothing asks for it', () => {
    expect(decideDataSaver({ cookie: undefined, meta: null, saveData: undefined })).toBe(false);
    expect(decideDataSaver({ cookie: undefined, meta: null, saveData: false })).toBe(false);
  });

  it("follows the browser's Save-Data, as the server or the phone says it", () => {
    expect(decideDataSaver({ cookie: undefined, meta: 'on', saveData: undefined })).toBe(true);
    expect(decideDataSaver({ cookie: undefined, meta: null, saveData: true })).toBe(true);
  });

  it("lets the customer's switch win either way", () => {
    expect(decideDataSaver({ cookie: '1', meta: null, saveData: false })).toBe(true);
    expect(decideDataSaver({ cookie: '0', meta: 'on', saveData: true })).toBe(false);
  });
});
