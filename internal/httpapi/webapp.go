package httpapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"shop/internal/httpx"
	"shop/internal/i18n"
	"shop/internal/media"
	"shop/internal/storefront"
)

// appHandler serves the built web app from files: hashed assets for a year,
// index.html revalidated every time, precompressed siblings when the client
// takes them.
type appHandler struct {
	files     fs.FS
	index     []byte
	indexETag string
	// front, when set, writes each page's head (title, description, share
	// tags, first data, chunks to preload) and gives its status.
	front *storefront.Storefront
	// otherMethods names the methods the server's other routes take at an
	// address ("" none), for a request the app does not serve (methodTable.allow).
	otherMethods func(*http.Request) string
}

func newAppHandler(files fs.FS) (*appHandler, error) {
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		return nil, fmt.Errorf("web app has no index.html: %w", err)
	}
	sum := sha256.Sum256(index)
	return &appHandler{files: files, index: index, indexETag: `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`}, nil
}

func (a *appHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := path.Clean("/" + r.URL.Path)
	name := strings.TrimPrefix(p, "/")
	isFile := false
	if name != "" && name != "index.html" {
		st, err := fs.Stat(a.files, name)
		isFile = err == nil && !st.IsDir()
	}
	page := storefront.IsPage(p)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		a.unserved(w, r, isFile || page)
		return
	}
	if isFile {
		a.serveFile(w, r, name)
		return
	}
	if !page && a.otherMethods != nil && a.otherMethods(r) != "" {
		// A GET of an address only other methods take (the dev Paybill's POST).
		a.unserved(w, r, false)
		return
	}
	// The app answers every address; one that is none of its pages is its
	// 404 screen.
	status := http.StatusOK
	if !page {
		status = http.StatusNotFound
	}
	body, etag := a.index, a.indexETag
	// The page speaks the request's language: its head, and <html lang>.
	lang := i18n.From(r.Context())
	if a.front != nil || lang != i18n.English {
		if a.front != nil {
			var tags, view []byte
			tags, view, status = a.front.Head(r, p)
			body = storefront.WithFirstView(storefront.WithHead(a.index, tags), view)
		}
		body = storefront.WithLang(body, lang)
		sum := sha256.Sum256(body)
		etag = `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	// The head says whether the data saver is on (storefront.DataSaver), and
	// the page speaks the language of the cookie or the browser (i18n.Negotiate).
	h.Set("Vary", "Save-Data, Cookie, Accept-Language")
	if status == http.StatusOK {
		h.Set("ETag", etag)
		if r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// unserved answers a method the app does not take: 405 at one of its pages
// or files (they take GET and HEAD) or at another route's address, else 404
// as for an address that is nothing.
func (a *appHandler) unserved(w http.ResponseWriter, r *http.Request, known bool) {
	allow := ""
	if a.otherMethods != nil {
		allow = a.otherMethods(r)
	}
	if allow == "" && known {
		allow = "GET, HEAD"
	}
	if allow == "" {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Allow", allow)
	http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
}

// rootFile is a file of the web app with a fixed address and headers of its
// own: the service worker must be checked on every visit (a new deploy is
// found at once), and the manifest's type is not in every mime table.
type rootFile struct {
	name, contentType, cacheControl string
}

// The web app's files that have a route of their own (routes.go).
var (
	serviceWorkerFile = rootFile{"sw.js", "text/javascript; charset=utf-8", "no-cache"}
	manifestFile      = rootFile{"manifest.webmanifest", "application/manifest+json", "public, max-age=3600"}
)

// file serves f from the web app, or 404 when the build has none (the
// placeholder app).
func (a *appHandler) file(f rootFile) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if st, err := fs.Stat(a.files, f.name); err != nil || st.IsDir() {
			http.NotFound(w, r)
			return
		}
		a.send(w, r, f)
	})
}

func (a *appHandler) serveFile(w http.ResponseWriter, r *http.Request, name string) {
	f := rootFile{name: name, contentType: mime.TypeByExtension(filepath.Ext(name)), cacheControl: "public, max-age=3600"}
	if strings.HasPrefix(name, "assets/") {
		// Vite puts a content hash in every name under assets/.
		f.cacheControl = "public, max-age=31536000, immutable"
	}
	a.send(w, r, f)
}

func (a *appHandler) send(w http.ResponseWriter, r *http.Request, f rootFile) {
	name := f.name
	h := w.Header()
	h.Set("Cache-Control", f.cacheControl)
	if f.contentType != "" {
		h.Set("Content-Type", f.contentType)
	}
	h.Set("Vary", "Accept-Encoding")
	accept := r.Header.Get("Accept-Encoding")
	for _, enc := range []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !httpx.AcceptsEncoding(accept, enc.token) {
			continue
		}
		if file, err := a.files.Open(name + enc.ext); err == nil {
			defer file.Close()
			h.Set("Content-Encoding", enc.token)
			serveContent(w, r, file)
			return
		}
	}
	file, err := a.files.Open(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer file.Close()
	serveContent(w, r, file)
}

func serveContent(w http.ResponseWriter, r *http.Request, f fs.File) {
	if rs, ok := f.(io.ReadSeeker); ok {
		http.ServeContent(w, r, "", time.Time{}, rs)
		return
	}
	b, err := io.ReadAll(f)
	if err != nil {
		http.Error(w, "read failed", http.StatusInternalServerError)
		return
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(b))
}

// mediaHandler serves product images from dir. Folders are not listed, and
// the files are sandboxed so an image can never run script on the shop's origin.
// mediaHandler serves /media/KEY from the picture store, or sends the
// browser to SHOP_MEDIA_PUBLIC_URL's copy of it for a day.
func mediaHandler(pictures media.Store, publicURL string, log *slog.Logger) http.Handler {
	if publicURL != "" {
		return http.StripPrefix("/media/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if media.CheckKey(r.URL.Path) != nil {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Cache-Control", "public, max-age=86400")
			http.Redirect(w, r, publicURL+"/"+r.URL.Path, http.StatusMovedPermanently)
		}))
	}
	return http.StripPrefix("/media", media.Handler(pictures, 32<<20, log))
}

// picturesCheck asks the picture store at most every few seconds: load
// balancers ask /readyz often.
type picturesCheck struct {
	mu   sync.Mutex
	at   time.Time
	last error
}

func (c *picturesCheck) check(ctx context.Context, s media.Store) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s == nil {
		return nil
	}
	if time.Since(c.at) < 5*time.Second {
		return c.last
	}
	c.last, c.at = s.Check(ctx), time.Now()
	return c.last
}
