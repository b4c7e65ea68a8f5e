package admin

import (
	"database/sql"
	"fmt"
	"net/http"
	"strconv"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/stock"
)

// Products answers GET /api/admin/products/: every product, active or not,
// newest first unless ?sort= says otherwise, with ?search= and the list's
// filters (readProductFilter), paginated, and the count of the filtered
// products in each status for the list's chips.
func (h *Handlers) Products(w http.ResponseWriter, r *http.Request, _ Actor) error {
	q, err := readSearchList(r, 25)
	if err != nil {
		return err
	}
	f, err := readProductFilter(q, h.lowStock)
	if err != nil {
		return err
	}
	list, err := h.catalog.AdminProducts(r.Context(), f)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, ProductsPage{Page: cappedPage(r, q, list.Count, list.Capped, list.Products), StatusCounts: list.StatusCounts})
}

// ProductsPage is the products list's page with its status chips' counts.
type ProductsPage struct {
	Page[catalog.AdminCard]
	StatusCounts map[string]int `json:"status_counts"`
}

// readProductFilter reads the products list's filters: ?status= (active,
// inactive or draft), ?category= (a category's id), ?stock= (low: a size at or
// below the low-stock threshold; out: none left), ?sort= (catalog.AdminSorts).
func readProductFilter(q listQuery, lowStock int) (catalog.AdminFilter, error) {
	f := catalog.AdminFilter{Search: q.search, Status: q.Get("status"), Stock: q.Get("stock"), LowStock: lowStock, Sort: q.Get("sort"), Page: q.page, PageSize: q.size}
	bad := map[string]string{}
	if f.Status != catalog.StatusAll && f.Status != catalog.StatusActive && f.Status != catalog.StatusInactive && f.Status != catalog.StatusDraft {
		bad["status"] = "status must be active, inactive or draft."
	}
	if raw := q.Get("category"); raw != "" {
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || id < 1 {
			bad["category"] = "category must be a category's id."
		}
		f.Category = id
	}
	if f.Stock != "" && f.Stock != catalog.StockLow && f.Stock != catalog.StockOut {
		bad["stock"] = "stock must be low or out."
	}
	if _, ok := catalog.AdminSorts[f.Sort]; !ok {
		bad["sort"] = catalog.MsgAdminSort
	}
	if len(bad) > 0 {
		return catalog.AdminFilter{}, apperr.InvalidFields(bad, "status", "category", "stock", "sort")
	}
	return f, nil
}

// Product answers GET /api/admin/products/{id}/.
func (h *Handlers) Product(w http.ResponseWriter, r *http.Request, _ Actor) error {
	id, err := pathID(r, "id", "Product")
	if err != nil {
		return err
	}
	return h.writeProduct(w, r, http.StatusOK, id)
}

// writeProduct answers with the product as the edit screen shows it.
func (h *Handlers) writeProduct(w http.ResponseWriter, r *http.Request, status int, id int64) error {
	p, err := h.catalog.AdminProduct(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, status, p)
}

// CreateProduct answers POST /api/admin/products/ with the new product, a
// draft until it is published.
func (h *Handlers) CreateProduct(w http.ResponseWriter, r *http.Request, a Actor) error {
	f, err := readForm(r, &catalog.ProductInput{})
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
		return entry("create", "product", p.ID, fmt.Sprintf("created %s (%s), price %s, draft", quote(p.Name), p.Slug, p.BasePrice)), nil
	})
	if err != nil {
		return err
	}
	return h.writeProduct(w, r, http.StatusCreated, id)
}

// PublishProduct answers POST /api/admin/products/{id}/publish/: the draft
// goes on sale, with the product; 409 while it has no size with a price.
// Publishing a product already on sale changes nothing.
func (h *Handlers) PublishProduct(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, err := pathID(r, "id", "Product")
	if err != nil {
		return err
	}
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		before, err := h.catalog.PublishProductTx(r.Context(), tx, id)
		if err != nil {
			return Entry{}, err
		}
		if before.IsActive {
			return Entry{}, nil
		}
		return entry("publish", "product", id, fmt.Sprintf("published %s (%s)", quote(before.Name), draftWord(before.IsDraft))), nil
	})
	if err != nil {
		return err
	}
	return h.writeProduct(w, r, http.StatusOK, id)
}

func draftWord(draft bool) string {
	if draft {
		return "was a draft"
	}
	return "was inactive"
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
	id, f, err := readIDForm(r, "Product", &catalog.ProductInput{})
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
		d.add("name_sw", before.NameSW, after.NameSW)
		if before.DescriptionSW != after.DescriptionSW {
			d = append(d, "description_sw changed")
		}
		d.add("base_price", before.BasePrice, after.BasePrice)
		d.add("category", before.Category, after.Category)
		d.add("is_active", before.IsActive, after.IsActive)
		d.add("is_featured", before.IsFeatured, after.IsFeatured)
		d.add("is_best_seller", before.IsBestSeller, after.IsBestSeller)
		d.add("is_new_arrival", before.IsNewArrival, after.IsNewArrival)
		d.add("promo", promoWord(before.Promo), promoWord(after.Promo))
		d.add("vat class", before.VATClass, after.VATClass)
		return updated("product", id, quote(after.Name), d), nil
	})
	if err != nil {
		return err
	}
	return h.writeProduct(w, r, http.StatusOK, id)
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
	pid, f, err := readIDForm(r, "Product", &catalog.VariantInput{})
	if err != nil {
		return err
	}
	return commit(h, w, r, a, http.StatusCreated, func(tx *sql.Tx) (catalog.Variant, Entry, error) {
		v, err := h.catalog.AddVariantTx(r.Context(), tx, pid, f, stock.Edits(a.Mover()))
		if err != nil {
			return v, Entry{}, err
		}
		return v, entry("create", "variant", v.ID, fmt.Sprintf("product %d: added size %s, SKU %s, price %s, stock %d, weight %s", pid, quote(v.Size), v.SKU, v.Price, v.Stock, v.Weight)), nil
	})
}

// MsgPriceNotYours refuses a price change to a role without prices.
const MsgPriceNotYours = "Your role may not change prices. Ask the shop's owner or manager."

// UpdateVariant answers PUT or PATCH /api/admin/products/{id}/variants/{variantId}/.
func (h *Handlers) UpdateVariant(w http.ResponseWriter, r *http.Request, a Actor) error {
	pid, vid, f, err := readSizeForm(r, &catalog.VariantInput{})
	if err != nil {
		return err
	}
	return commit(h, w, r, a, http.StatusOK, func(tx *sql.Tx) (catalog.Variant, Entry, error) {
		before, after, err := h.catalog.UpdateVariantTx(r.Context(), tx, pid, vid, f, stock.Edits(a.Mover()))
		if err != nil {
			return after, Entry{}, err
		}
		// A storekeeper edits sizes and stock, never a price: the change
		// is undone with its transaction.
		if before.Price != after.Price && !a.Can(account.PermPrices) {
			return after, Entry{}, apperr.Forbidden(MsgPriceNotYours)
		}
		var d diff
		d.add("size", before.Size, after.Size)
		d.add("sku", before.SKU, after.SKU)
		d.add("price", before.Price, after.Price)
		d.add("stock", before.Stock, after.Stock)
		d.add("weight_kg", before.Weight, after.Weight)
		return after, updated("variant", vid, fmt.Sprintf("product %d, SKU %s", pid, before.SKU), d), nil
	})
}

// DeleteVariant answers DELETE /api/admin/products/{id}/variants/{variantId}/.
func (h *Handlers) DeleteVariant(w http.ResponseWriter, r *http.Request, a Actor) error {
	pid, vid, err := productPart(r, "variantId", "Size")
	if err != nil {
		return err
	}
	return h.remove(w, r, a, func(tx *sql.Tx) (Entry, error) {
		v, err := h.catalog.DeleteVariantTx(r.Context(), tx, pid, vid)
		if err != nil {
			return Entry{}, err
		}
		return entry("delete", "variant", vid, fmt.Sprintf("product %d: removed size %s, SKU %s (stock was %d)", pid, quote(v.Size), v.SKU, v.Stock)), nil
	})
}
