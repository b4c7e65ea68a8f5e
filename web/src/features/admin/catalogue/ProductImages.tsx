import { useState } from 'react';
import type { Image } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { checkImageFile } from '../../../shared/domain/adminRules';
import { Note, errorText, useAction } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';

/** A product's pictures: upload, order (the first is the one the shop shows) and delete. */
export function ProductImages({ productId, initial }: { productId: number; initial: Image[] }) {
  const [images, setImages] = useState(initial);
  const { busy, note, setNote, run } = useAction();

  async function upload(file: File | undefined) {
    if (!file) return;
    const bad = checkImageFile(file);
    if (bad) {
      setNote({ kind: 'error', text: bad });
      return;
    }
    setNote({ kind: 'ok', text: 'Uploading…' });
    await run(async () => {
      const im = await adminApi.uploadImage(productId, file);
      setImages([...images, im]);
      setNote({ kind: 'ok', text: 'Image uploaded.' });
    }, 'The image could not be uploaded.');
  }

  async function move(i: number, by: -1 | 1) {
    const next = [...images];
    const [im] = next.splice(i, 1);
    next.splice(i + by, 0, im!);
    try {
      setImages(await adminApi.reorderImages(productId, next.map((x) => x.id)));
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, 'The images could not be reordered.') });
    }
  }

  async function remove(im: Image) {
    if (!window.confirm('Delete this image?')) return;
    try {
      await adminApi.deleteImage(productId, im.id);
      setImages(images.filter((x) => x.id !== im.id));
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, 'The image could not be deleted.') });
    }
  }

  return (
    <section aria-labelledby="images-h">
      <h3 id="images-h" className="text-lg font-bold text-stone-900">
        Images
      </h3>
      <p className="text-sm text-stone-600">JPEG, PNG or WebP, at most 8 MB. The first image is the one the shop shows.</p>
      <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {images.map((im, i) => (
          <li key={im.id} className="rounded-md border border-stone-200 bg-white p-2">
            <img src={im.image} alt={im.alt} width={im.width} height={im.height} className="aspect-square w-full rounded object-cover" loading="lazy" />
            <div className="mt-2 flex flex-wrap gap-1">
              <Button variant="secondary" disabled={i === 0} onClick={() => void move(i, -1)} aria-label={`Move image ${i + 1} earlier`}>
                ←
              </Button>
              <Button
                variant="secondary"
                disabled={i === images.length - 1}
                onClick={() => void move(i, 1)}
                aria-label={`Move image ${i + 1} later`}
              >
                →
              </Button>
              <Button variant="danger" onClick={() => void remove(im)} aria-label={`Delete image ${i + 1}`}>
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <label htmlFor="image-upload" className="mt-3 block text-sm font-semibold text-stone-800">
        Upload image
      </label>
      <input
        id="image-upload"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={busy}
        onChange={(e) => {
          void upload(e.target.files?.[0]);
          e.target.value = '';
        }}
        className="mt-1 block text-sm"
      />
      <Note note={note} className="mt-2" />
    </section>
  );
}
