package remind

import (
	"context"
	"net/http"

	"shop/internal/cart"
	"shop/internal/db"
	"shop/internal/httpx"
)

// Why a line of a past order did not go back into the cart.
const (
	ReasonNotSold    = "not_sold"
	ReasonOutOfStock = "out_of_stock"
	// ReasonFewer: some went in, fewer than ordered then (Missing says how
	// many are short).
	ReasonFewer = "fewer"
)

// LeftOut is a line of the past order the cart did not take, and why.
type LeftOut struct {
	ProductName string `json:"product_name"`
	Size        string `json:"size"`
	Quantity    int    `json:"quantity"`
	Missing     int    `json:"missing"`
	Reason      string `json:"reason"`
}

// LastDelivery is the past order's delivery choice, for the checkout to
// start from.
type LastDelivery struct {
	Kind       string `json:"kind"`
	Option     string `json:"option"`
	County     string `json:"county"`
	Address    string `json:"address"`
	City       string `json:"city"`
	PostalCode string `json:"postalCode"`
}

// reorderJSON is POST /api/orders/{orderId}/reorder/'s answer.
type reorderJSON struct {
	Items    []cart.Item  `json:"items"`
	LeftOut  []LeftOut    `json:"left_out"`
	Delivery LastDelivery `json:"delivery"`
}

// Reorder answers POST /api/orders/{orderId}/reorder/ for whoever may see
// the order (its owner, its token's holder, the browser that placed it,
// staff): the lines still sold go into the request's cart at today's
// prices, as many as the stock allows; the answer is the cart, the lines
// left out and why, and the order's delivery choice for the checkout.
func (h *Handlers) Reorder(w http.ResponseWriter, r *http.Request) error {
	o, err := h.Orders.Viewed(w, r)
	if err != nil {
		return err
	}
	cartID, err := h.Carts.Resolve(w, r, true)
	if err != nil {
		return err
	}
	ctx := r.Context()
	out := reorderJSON{LeftOut: []LeftOut{}, Delivery: LastDelivery{Kind: o.Delivery.Kind, Option: o.Delivery.Option,
		County: o.ShippingAddress.County, Address: o.ShippingAddress.Address, City: o.ShippingAddress.City, PostalCode: o.ShippingAddress.PostalCode}}
	for _, it := range o.Items {
		left := LeftOut{ProductName: it.ProductName, Size: it.Size, Quantity: it.Quantity}
		room, sold, err := h.room(ctx, cartID, it.VariantID)
		if err != nil {
			return err
		}
		switch {
		case !sold:
			left.Reason, left.Missing = ReasonNotSold, it.Quantity
		case room <= 0:
			left.Reason, left.Missing = ReasonOutOfStock, it.Quantity
		default:
			n := min(room, it.Quantity)
			if _, err := h.Carts.Store.Add(ctx, cartID, it.VariantID, n); err != nil {
				return err
			}
			if n < it.Quantity {
				left.Reason, left.Missing = ReasonFewer, it.Quantity-n
			}
		}
		if left.Reason != "" {
			out.LeftOut = append(out.LeftOut, left)
		}
	}
	if out.Items, err = h.Carts.Store.Items(ctx, cartID); err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, out)
}

// room is how many more of size variantID cart cartID may take (its stock
// less what the cart holds), and whether the size is still sold at all.
func (h *Handlers) room(ctx context.Context, cartID, variantID int64) (int, bool, error) {
	if variantID == 0 {
		return 0, false, nil // the size was deleted
	}
	var stock, have int
	var active bool
	err := h.Service.DB.QueryRow(ctx, `SELECT v.stock, p.is_active, COALESCE((SELECT quantity FROM cart_items WHERE cart_id = $1 AND variant_id = v.id), 0)
		FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $2`, cartID, variantID).Scan(&stock, &active, &have)
	if db.NoRows(err) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	return stock - have, active, nil
}
