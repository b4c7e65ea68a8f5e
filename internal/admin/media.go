package admin

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"image"
	_ "image/jpeg" // registers the JPEG decoder
	_ "image/png"  // registers the PNG decoder
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/chai2010/webp"
	"github.com/disintegration/imaging"
	_ "golang.org/x/image/webp" // registers the WebP decoder

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/media"
)

// Uploaded product images: the server trusts neither the file name nor the
// browser's content type. It sniffs the bytes, decodes the whole image, and
// stores only what it re-encoded itself — web-sized WebP versions, which
// carry none of the upload's metadata (camera, GPS position).

// MaxImageBytes is the largest image file an admin may upload.
const MaxImageBytes = 8 << 20

// MaxUploadBody bounds the whole multipart request: the image plus the form's
// other fields and the multipart framing.
const MaxUploadBody = MaxImageBytes + 256<<10

// maxPixels refuses images that decode to more than 40 megapixels, read
// from the header before anything is decoded: a 200 KB PNG can claim 50
// megapixels and take 200 MB to decode. 40 is more than a product photo
// from any phone camera's default mode.
const maxPixels = 40_000_000

// imageWidths are the versions stored, never wider than the original.
var imageWidths = []int{400, 800}

// webpQuality is the lossy WebP quality: ~70 kB for a 600×400 photo.
const webpQuality = 80

// Messages of the image upload.
var (
	MsgImageType    = "Upload a JPEG, PNG or WebP image."
	MsgImageCorrupt = "This image could not be read: the file is damaged or incomplete. Please upload a JPEG, PNG or WebP image."
	MsgImageTooBig  = fmt.Sprintf("The image is too large: upload a file of at most %d MB.", MaxImageBytes>>20)
	MsgImagePixels  = "The image is too large: it must be at most 40 megapixels."
	MsgImageMissing = "Choose an image to upload."
)

var allowedTypes = map[string]string{"image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp"}

// encodeSlots makes uploads decode and re-encode one at a time: each can
// take up to 160 MB (40 megapixels at 4 bytes) and a core for a second, and
// the server is small; admins upload rarely, so waiting costs nothing.
var encodeSlots = make(chan struct{}, 1)

func invalidImage(msg string) error {
	return apperr.InvalidField("image", msg)
}

// processImage checks data is a real JPEG, PNG or WebP image and returns the
// web-sized versions to store, widest last, with the original's size.
func processImage(ctx context.Context, data []byte) (versions []encoded, err error) {
	ct := http.DetectContentType(data)
	format, ok := allowedTypes[ct]
	if !ok {
		return nil, invalidImage(MsgImageType)
	}
	cfg, decoded, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || decoded != format {
		return nil, invalidImage(MsgImageCorrupt)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > maxPixels {
		return nil, invalidImage(MsgImagePixels)
	}
	select {
	case encodeSlots <- struct{}{}:
		defer func() { <-encodeSlots }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	// AutoOrientation turns a phone photo upright by its EXIF tag before the
	// tag is dropped with the rest of the metadata.
	img, err := imaging.Decode(bytes.NewReader(data), imaging.AutoOrientation(true))
	if err != nil {
		return nil, invalidImage(MsgImageCorrupt)
	}
	b := img.Bounds()
	widths := []int{}
	for _, w := range imageWidths {
		if w < b.Dx() {
			widths = append(widths, w)
		}
	}
	if len(widths) < len(imageWidths) {
		widths = append(widths, b.Dx()) // the original width, never upscaled
	}
	for _, w := range widths {
		m := img
		if w != b.Dx() {
			m = imaging.Resize(img, w, 0, imaging.Lanczos)
		}
		out, err := encodeWebP(m)
		if err != nil {
			return nil, fmt.Errorf("encode webp: %w", err)
		}
		versions = append(versions, encoded{width: m.Bounds().Dx(), height: m.Bounds().Dy(), data: out})
	}
	return versions, nil
}

type encoded struct {
	width, height int
	data          []byte
}

func encodeWebP(m image.Image) ([]byte, error) {
	if o, ok := m.(interface{ Opaque() bool }); ok && o.Opaque() {
		return webp.EncodeRGB(m, webpQuality)
	}
	return webp.EncodeRGBA(m, webpQuality)
}

// MsgPictureStore is the upload's answer when the picture store cannot be
// reached: nothing was saved, and trying again later is the remedy.
var MsgPictureStore = "The picture could not be saved: the picture store cannot be reached just now. Please try again in a few minutes."

// pictureStore is the configured store, or the folder.
func pictureStore(o Options) media.Store {
	if o.Media != nil {
		return o.Media
	}
	return media.Dir(o.MediaDir)
}

// saveImage writes the versions under products/ with a random name and
// returns them as the catalogue records them.
func (h *Handlers) saveImage(ctx context.Context, versions []encoded, alt string) (catalog.StoredImage, error) {
	buf := make([]byte, 12)
	if _, err := rand.Read(buf); err != nil {
		return catalog.StoredImage{}, err
	}
	base := hex.EncodeToString(buf)
	out := catalog.StoredImage{Alt: alt}
	for _, v := range versions {
		name := fmt.Sprintf("%s-%d.webp", base, v.width)
		if err := h.media.Put(ctx, "products/"+name, v.data); err != nil {
			h.log.Error("store picture", "store", h.media.String(), "err", err)
			h.removeImageFiles(out.Files)
			return catalog.StoredImage{}, apperr.Unavailable(MsgPictureStore)
		}
		out.Files = append(out.Files, name)
		out.Path, out.Width, out.Height = "/media/products/"+name, v.width, v.height
	}
	return out, nil
}

// removeImageFiles deletes stored versions by name. Only plain names under
// products/ are touched, whatever the database says. The request may be
// over: the deletion has its own time.
func (h *Handlers) removeImageFiles(files []string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, name := range files {
		if name == "" || name != path.Base(name) || strings.HasPrefix(name, ".") {
			continue
		}
		if err := h.media.Delete(ctx, "products/"+name); err != nil {
			h.log.Warn("remove image file", "file", name, "err", err)
		}
	}
}
