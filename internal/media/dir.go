package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Dir is a folder of this machine: one instance's, or a folder every
// instance mounts.
type Dir string

func (d Dir) String() string { return "file:" + string(d) }

func (d Dir) path(key string) (string, error) {
	if err := CheckKey(key); err != nil {
		return "", err
	}
	return filepath.Join(string(d), filepath.FromSlash(key)), nil
}

// Put writes a temporary file and renames it, so a reader never sees half
// a picture.
func (d Dir) Put(ctx context.Context, key string, data []byte) error {
	p, err := d.path(key)
	if err != nil {
		return fmt.Errorf("store picture: bad key %q", key)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("store picture: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".upload-*")
	if err != nil {
		return fmt.Errorf("store picture: %w", err)
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("store picture: %w", err)
	}
	return nil
}

func (d Dir) Get(ctx context.Context, key string, rng *Range) (*Object, error) {
	p, err := d.path(key)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		f.Close()
		return nil, ErrNotFound
	}
	o := &Object{Body: f, Size: st.Size(), ModTime: st.ModTime(),
		ETag: fmt.Sprintf(`"%x-%x"`, st.ModTime().UnixNano(), st.Size())}
	if rng != nil {
		if _, err := f.Seek(rng.Offset, io.SeekStart); err != nil {
			f.Close()
			return nil, err
		}
		o.Body = struct {
			io.Reader
			io.Closer
		}{io.LimitReader(f, rng.Length), f}
	}
	return o, nil
}

func (d Dir) Delete(ctx context.Context, key string) error {
	p, err := d.path(key)
	if err != nil {
		return nil
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

func (d Dir) List(ctx context.Context, fn func(key string, size int64) error) error {
	err := filepath.WalkDir(string(d), func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.HasPrefix(e.Name(), ".") && p != string(d) {
			if e.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if e.IsDir() {
			return nil
		}
		info, err := e.Info()
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(string(d), p)
		if err != nil {
			return err
		}
		return fn(filepath.ToSlash(rel), info.Size())
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// Check says whether the folder can be written.
func (d Dir) Check(ctx context.Context) error {
	st, err := os.Stat(string(d))
	if errors.Is(err, fs.ErrNotExist) {
		return nil // made at the first upload
	}
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a folder", d)
	}
	return nil
}
