import { smallestImage, useDataSaver } from '../hooks/dataSaver';
import type { Image } from '../api/shapes';

const PLACEHOLDER = '/images/placeholder-product.svg';

interface ProductImageProps {
  image: Image | undefined;
  /** The product's name, for the alternative text when the image has none. */
  name: string;
  className?: string;
  /** Above the fold: load at once, with priority. Otherwise only when scrolled near. The data
   * saver makes every picture wait until it is scrolled to. */
  eager?: boolean;
}

/**
 * A product picture. Packshots are SVG (vector: sharp at every width, a few kB each), so one
 * file serves every slot; width and height reserve the space so nothing shifts as it loads.
 * With the data saver on, an uploaded photo comes in its smallest (400 px) version.
 */
export function ProductImage({ image, name, className = '', eager: wanted = false }: ProductImageProps) {
  const saver = useDataSaver();
  const eager = wanted && !saver;
  return (
    <img
      src={image ? (saver ? smallestImage(image.image) : image.image) : PLACEHOLDER}
      alt={image?.alt || name}
      width={image?.width ?? 600}
      height={image?.height ?? 600}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : 'auto'}
      className={`aspect-square h-auto w-full object-contain ${className}`}
    />
  );
}
