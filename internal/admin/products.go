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

// Products answers GET /api/admin/products/: every product, active or not,
// newest first, with ?search= and ?status=active|inactive, paginated.
func (h *Handlers) Products(w http.ResponseWriter, r *http.Request, _ Actor) error {
	q, err := readSearchList(r, 25)
	if err != nil {
		return err
	}
	status := q.Get("status")
	if status != catalog.StatusAll && status != catalog.StatusActive && status != catalog.StatusInactive {
		msg := "status must be active or inactive."
		return apperr.Invalid(msg, map[string]string{"status": msg})
	}
	list, err := h.catalog.AdminProducts(r.Context(), catalog.AdminFilter{Search: q.search, Status: status, Page: q.page, PageSize: q.size})
	if err != nil {
		return err
	}
	return writePage(w, r, q, list.Count, list.Products)
}

// Product answers GET /api/admin/products/{id}/.
func (h *Handlers) Product(w http.ResponseWriter, r *http.Request, _ Actor) error {
	id, err := pathID(r, "id", "Product")
	if err != nil {
		return err
	}
	p, err := h.catalog.AdminProduct(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, p)
}

// CreateProduct answers POST /api/admin/products/ with the new product.
func (h *Handlers) CreateProduct(w http.ResponseWriter, r *http.Request, a Actor) error {
	var in catalog.ProductInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	f, err := in.Check()
	if err != nil {
		return err
	}
	var id int64
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		p, err := h.catalog.CreateProductTx(r.Context(), tx, f)
		if err != nil {
			return Entry{}, err
		}
		id = p.ID
		return entry("create", "product", p.ID, fmt.Sprintf("created %s (%s), price %s, %s", quote(p.Name), p.Slug, p.BasePrice, activeWord(p.IsActive))), nil
	})
	if err != nil {
		return err
	}
	p, err := h.catalog.AdminProduct(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, p)
}

func activeWord(active bool) string {
	if active {
		return "active"
	}
	return "inactive"
}

// UpdateProduct answers PUT or PATCH /api/admin/products/{id}/: the whole
// form, as the edit screen sends it.
func (h *Handlers) UpdateProduct(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, err := pathID(r, "id", "Product")
	if err != nil {
		return err
	}
	var in catalog.ProductInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	f, err := in.Check()
	if err != nil {
		return err
	}
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		before, after, err := h.catalog.UpdateProductTx(r.Context(), tx, id, f)
		if err != nil {
			return Entry{}, err
		}
		var d diff
		d.add("name", before.Name, after.Name)
		if before.Description != after.Description {
			d = append(d, "description changed")
		}
		d.add("base_price", before.BasePrice, after.BasePrice)
		d.add("category", before.Category, after.Category)
		d.add("is_active", before.IsActive, after.IsActive)
		d.add("is_featured", before.IsFeatured, after.IsFeatured)
		d.add("is_best_seller", before.IsBestSeller, after.IsBestSeller)
		d.add("is_new_arrival", before.IsNewArrival, after.IsNewArrival)
		d.add("promo", promoWord(before.Promo), promoWord(after.Promo))
		if len(d) == 0 {
			return Entry{}, nil
		}
		return entry("update", "product", id, quote(after.Name)+": "+d.String()), nil
	})
	if err != nil {
		return err
	}
	p, err := h.catalog.AdminProduct(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, p)
}

func promoWord(p *string) string {
	if p == nil {
		return "none"
	}
	return *p
}

// MsgProductDeactivated tells the admin why a product was kept.
const MsgProductDeactivated = "This product appears in orders, so it was deactivated instead of deleted."

// DeleteProduct answers DELETE /api/admin/products/{id}/. A product that
// appears in orders is deactivated instead, and the answer says so.
func (h *Handlers) DeleteProduct(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, err := pathID(r, "id", "Product")
	if err != nil {
		return err
	}
	var del catalog.Deletion
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		if del, err = h.catalog.DeleteProductTx(r.Context(), tx, id); err != nil {
			return Entry{}, err
		}
		if del.Deactivated {
			return entry("deactivate", "product", id, fmt.Sprintf("%s appears in orders: deactivated instead of deleted (is_active: %t → false)",
				quote(del.Product.Name), del.Product.IsActive)), nil
		}
		return entry("delete", "product", id, fmt.Sprintf("deleted %s (%s)", quote(del.Product.Name), del.Product.Slug)), nil
	})
	if err != nil {
		return err
	}
	h.removeImageFiles(del.Files)
	if del.Deactivated {
		return writeJSON(w, http.StatusOK, map[string]any{"deleted": false, "deactivated": true, "message": MsgProductDeactivated})
	}
	return writeJSON(w, http.StatusOK, map[string]any{"deleted": true, "deactivated": false, "message": "Product deleted successfully"})
}

// ---- Variants ----

// AddVariant answers POST /api/admin/products/{id}/variants/.
func (h *Handlers) AddVariant(w http.ResponseWriter, r *http.Request, a Actor) error {
	pid, err := pathID(r, "id", "Product")
	if err != nil {
		return err
	}
	var in catalog.VariantInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	f, err := in.Check()
	if err != nil {
		return err
	}
	var v catalog.Variant
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		if v, err = h.catalog.AddVariantTx(r.Context(), tx, pid, f); err != nil {
			return Entry{}, err
		}
		return entry("create", "variant", v.ID, fmt.Sprintf("product %d: added size %s, SKU %s, price %s, stock %d", pid, quote(v.Size), v.SKU, v.Price, v.Stock)), nil
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, v)
}

// UpdateVariant answers PUT or PATCH /api/admin/products/{id}/variants/{variantId}/.
func (h *Handlers) UpdateVariant(w http.ResponseWriter, r *http.Request, a Actor) error {
	pid, err := pathID(r, "id", "Product")
	if err != nil {
		return err
	}
	vid, err := pathID(r, "variantId", "Size")
	if err != nil {
		return err
	}
	var in catalog.VariantInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	f, err := in.Check()
	if err != nil {
		return err
	}
	var after catalog.Variant
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		var before catalog.Variant
		if before, after, err = h.catalog.UpdateVariantTx(r.Context(), tx, pid, vid, f); err != nil {
			return Entry{}, err
		}
		var d diff
		d.add("size", before.Size, after.Size)
		d.add("sku", before.SKU, after.SKU)
		d.add("price", before.Price, after.Price)
		d.add("stock", before.Stock, after.Stock)
		if len(d) == 0 {
			return Entry{}, nil
		}
		return entry("update", "variant", vid, fmt.Sprintf("product %d, SKU %s: %s", pid, before.SKU, d)), nil
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, after)
}

// DeleteVariant answers DELETE /api/admin/products/{id}/variants/{variantId}/.
func (h *Handlers) DeleteVariant(w http.ResponseWriter, r *http.Request, a Actor) error {
	pid, err := pathID(r, "id", "Product")
	if err != nil {
		return err
	}
	vid, err := pathID(r, "variantId", "Size")
	if err != nil {
		return err
	}
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		v, err := h.catalog.DeleteVariantTx(r.Context(), tx, pid, vid)
		if err != nil {
			return Entry{}, err
		}
		return entry("delete", "variant", vid, fmt.Sprintf("product %d: removed size %s, SKU %s (stock was %d)", pid, quote(v.Size), v.SKU, v.Stock)), nil
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// ---- Images ----

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
	stored, err := h.saveImage(versions, alt)
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
// field of a multipart request.
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
	pid, err := pathID(r, "id", "Product")
	if err != nil {
		return err
	}
	iid, err := pathID(r, "imageId", "Image")
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
	w.WriteHeader(http.StatusNoContent)
	return nil
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
