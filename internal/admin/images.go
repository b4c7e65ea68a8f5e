package admin

import (
	"database/sql"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/httpx"
)

// UploadImage answers POST /api/admin/products/{id}/images/: a multipart
// form with the file in "image" and an optional "alt" text.
func (h *Handlers) UploadImage(w http.ResponseWriter, r *http.Request, a Actor) error {
	pid, err := pathID(r, "id", "Product")
	if err != nil {
		return err
	}
	data, alt, err := readUpload(r)
	var tooBig *http.MaxBytesError
	if errors.Is(err, errImageTooBig) || errors.As(err, &tooBig) {
		// 413 with words an admin understands, not the body limit in bytes.
		httpx.WriteJSON(w, http.StatusRequestEntityTooLarge, map[string]any{"error": MsgImageTooBig, "fields": map[string]string{"image": MsgImageTooBig}})
		return nil
	}
	if err != nil {
		return err
	}
	// The product must exist before the work of re-encoding is done.
	p, err := h.catalog.AdminProduct(r.Context(), pid)
	if err != nil {
		return err
	}
	if alt == "" {
		alt = p.Name
	}
	versions, err := processImage(r.Context(), data)
	if err != nil {
		return err
	}
	stored, err := h.saveImage(r.Context(), versions, alt)
	if err != nil {
		return err
	}
	var im catalog.Image
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		if im, err = h.catalog.AddImageTx(r.Context(), tx, pid, stored); err != nil {
			return Entry{}, err
		}
		return entry("upload", "image", im.ID, fmt.Sprintf("product %d: added image %s (%d×%d)", pid, im.Image, im.Width, im.Height)), nil
	})
	if err != nil {
		h.removeImageFiles(stored.Files)
		return err
	}
	return writeJSON(w, http.StatusCreated, im)
}

var errImageTooBig = errors.New("image too big")

// readUpload reads the "image" part (at most MaxImageBytes) and the "alt"
// field of a multipart request. The file's name is not read: the stored
// files are named by their content.
func readUpload(r *http.Request) (data []byte, alt string, err error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, "", invalidImage(MsgImageMissing)
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				return nil, "", err
			}
			return nil, "", apperr.Invalid("The upload could not be read. Please try again.", nil)
		}
		switch part.FormName() {
		case "image":
			if data != nil {
				part.Close()
				continue
			}
			data, err = readPart(part, MaxImageBytes)
			if err != nil {
				return nil, "", err
			}
		case "alt":
			b, err := readPart(part, 1000)
			if err != nil {
				return nil, "", apperr.Invalid("The image description is too long.", map[string]string{"alt": "The image description is too long."})
			}
			alt = strings.TrimSpace(string(b))
			if !httpx.CleanText(alt) {
				return nil, "", apperr.Invalid(httpx.MsgBadCharacters, map[string]string{"alt": httpx.MsgBadCharactersField})
			}
			if utf8.RuneCountInString(alt) > 200 {
				return nil, "", apperr.Invalid("The image description is too long.", map[string]string{"alt": "The image description is too long."})
			}
		}
		part.Close()
	}
	if len(data) == 0 {
		return nil, "", invalidImage(MsgImageMissing)
	}
	return data, alt, nil
}

func readPart(p *multipart.Part, limit int64) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(p, limit+1))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, err
		}
		return nil, apperr.Invalid("The upload could not be read. Please try again.", nil)
	}
	if int64(len(b)) > limit {
		return nil, errImageTooBig
	}
	return b, nil
}

// DeleteImage answers DELETE /api/admin/products/{id}/images/{imageId}/ and
// removes the image's files.
func (h *Handlers) DeleteImage(w http.ResponseWriter, r *http.Request, a Actor) error {
	pid, iid, err := productPart(r, "imageId", "Image")
	if err != nil {
		return err
	}
	var files []string
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		var im catalog.Image
		if im, files, err = h.catalog.DeleteImageTx(r.Context(), tx, pid, iid); err != nil {
			return Entry{}, err
		}
		return entry("delete", "image", iid, fmt.Sprintf("product %d: removed image %s", pid, im.Image)), nil
	})
	if err != nil {
		return err
	}
	h.removeImageFiles(files)
	return noContent(w)
}

// ReorderImages answers PUT /api/admin/products/{id}/images/order/ with
// {"ids": [...]}: the product's image ids in their new order.
func (h *Handlers) ReorderImages(w http.ResponseWriter, r *http.Request, a Actor) error {
	pid, err := pathID(r, "id", "Product")
	if err != nil {
		return err
	}
	var in struct {
		IDs []int64 `json:"ids"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		if err := h.catalog.ReorderImagesTx(r.Context(), tx, pid, in.IDs); err != nil {
			return Entry{}, err
		}
		return entry("reorder images", "product", pid, fmt.Sprintf("images in the order %v", in.IDs)), nil
	})
	if err != nil {
		return err
	}
	p, err := h.catalog.AdminProduct(r.Context(), pid)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, p.Images)
}
