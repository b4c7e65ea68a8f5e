/** Saves blob as a file named filename, as the browser saves a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The name a customer's data is saved under (the server's Content-Disposition says the same). */
export const MY_DATA_FILENAME = 'mifugo-bora-my-data.json';
