package admin_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"shop/internal/admin"
	"shop/internal/app"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/media"
	"shop/internal/media/fakes3"
	"shop/internal/testkit"
)

// With the pictures in a bucket, an upload lands there and /media/ serves
// it; with the bucket unreachable the upload fails with a message, nothing
// is recorded, and /readyz says why while staying in service.
func TestUploadToABucket(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := fakes3.Start(t, "shop-media")
		store, err := media.Open(context.Background(), srv.URL("shop-media", "live"))
		if err != nil {
			t.Fatal(err)
		}
		shop := testkit.NewShop(t, d, testkit.With(func(p *app.Parts) { p.Media = store }))
		token, _ := shop.NewAdmin(adminEmail, adminPassword)
		e := &env{Shop: shop, t: t, d: d, admin: token}
		cat := e.category("Feeds", nil)
		p := e.product("Dairy Meal", cat.ID, "3650", true)
		path := fmt.Sprintf("/api/admin/products/%d/images/", p.ID)

		rec := e.upload(path, "maize.jpg", "image/jpeg", photoJPEG(t, 900, 600))
		testkit.WantStatus(t, rec, http.StatusCreated)
		im := testkit.Decode[image](t, rec)
		got, err := media.ReadAll(context.Background(), store, strings.TrimPrefix(im.Image, "/media/"))
		if err != nil || string(got[8:12]) != "WEBP" {
			t.Fatalf("%s in the bucket: %v", im.Image, err)
		}
		served := e.do("GET", im.Image, "", nil)
		testkit.WantStatus(t, served, http.StatusOK)
		if !bytes.Equal(served.Body.Bytes(), got) || served.Header().Get("ETag") == "" {
			t.Fatalf("served %d bytes, etag %q", served.Body.Len(), served.Header().Get("ETag"))
		}

		srv.Close()
		rec = e.upload(path, "maize.jpg", "image/jpeg", photoJPEG(t, 900, 600))
		testkit.WantStatus(t, rec, http.StatusServiceUnavailable)
		if !strings.Contains(rec.Body.String(), admin.MsgPictureStore) {
			t.Fatalf("upload to an unreachable store: %s", rec.Body)
		}
		if n, _ := d.Count(context.Background(), "images", `SELECT COUNT(*) FROM product_images`); n != 1 {
			t.Fatalf("%d images recorded", n)
		}
		// What was served before is still served.
		testkit.WantStatus(t, e.do("GET", im.Image, "", nil), http.StatusOK)
		ready := e.do("GET", "/readyz", "", nil)
		testkit.WantStatus(t, ready, http.StatusOK)
		if !strings.Contains(ready.Body.String(), `"pictures"`) {
			t.Fatalf("/readyz with the picture store down: %s", ready.Body)
		}
	})
}
