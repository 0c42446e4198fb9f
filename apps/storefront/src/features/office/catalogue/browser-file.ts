/** The catalogue page's two touches of the browser's files: a download, and reading an upload. */

/**
 * Hands text to the browser as a download: a Blob's address on a hidden link. The address is
 * freed once the click has passed the blob on (a data: address would cap big files' pictures).
 */
export function saveFile(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `demo-museum.yaml` → `demo-museum.seller-file.json`: the download is the API's JSON shape. */
export const downloadNameOf = (fileName: string): string =>
  `${fileName.replace(/\.[^./]*$/, '')}.seller-file.json`;

/** A chosen file's text, by FileReader: the tests' jsdom has no `Blob.text()`. */
export const readText = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(blob);
  });
