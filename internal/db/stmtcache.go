package db

import (
	"container/list"
	"context"
	"database/sql"
	"sync"
)

// stmtCache keeps the SQLite read pool's prepared statements by their text,
// the most recently used first: a list asked again skips SQLite's parse and
// plan, which cost about 8 % of an uncached product list's CPU
// (docs/benchmarks.md, "28 November 2026, morning"). PostgreSQL's driver keeps
// its own statement cache on each connection.
//
// A statement is prepared on each connection as it first runs there. An
// evicted one is closed once no request holds it (its refs), and database/sql
// finalises it only after the rows a request opened on it are closed.
type stmtCache struct {
	pool *sql.DB
	max  int

	mu    sync.Mutex
	byKey map[string]*list.Element // of *cachedStmt
	lru   list.List
}

type cachedStmt struct {
	text    string
	stmt    *sql.Stmt
	refs    int // requests between get and release; under the cache's mu
	evicted bool
}

func newStmtCache(pool *sql.DB, max int) *stmtCache {
	return &stmtCache{pool: pool, max: max, byKey: map[string]*list.Element{}}
}

// get returns the prepared statement of q, to be given back with release
// once its query has started.
func (c *stmtCache) get(ctx context.Context, q string) (*cachedStmt, error) {
	c.mu.Lock()
	if e := c.byKey[q]; e != nil {
		return c.hold(e), nil
	}
	c.mu.Unlock()
	// Prepared outside the lock: two requests may both prepare a new text,
	// and the second keeps the first's.
	s, err := c.pool.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if e := c.byKey[q]; e != nil {
		_ = s.Close()
		return c.hold(e), nil
	}
	e := c.lru.PushFront(&cachedStmt{text: q, stmt: s})
	c.byKey[q] = e
	for c.lru.Len() > c.max {
		old := c.lru.Back()
		c.lru.Remove(old)
		cs := old.Value.(*cachedStmt)
		delete(c.byKey, cs.text)
		cs.evicted = true
		if cs.refs == 0 {
			_ = cs.stmt.Close()
		}
	}
	return c.hold(e), nil
}

// hold takes a reference on e's statement and unlocks the cache.
func (c *stmtCache) hold(e *list.Element) *cachedStmt {
	defer c.mu.Unlock()
	c.lru.MoveToFront(e)
	cs := e.Value.(*cachedStmt)
	cs.refs++
	return cs
}

// release gives back a statement get returned.
func (c *stmtCache) release(cs *cachedStmt) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cs.refs--; cs.refs == 0 && cs.evicted {
		_ = cs.stmt.Close()
	}
}
