package httpx

import (
	"net/url"
	"testing"
)

func TestNewPage(t *testing.T) {
	u, _ := url.Parse("/api/products/?sort=price-low&page=2&page_size=5")
	p := NewPage(u, 2, 5, 12, []int{6, 7, 8, 9, 10})
	if p.Count != 12 || p.Next == nil || *p.Next != "/api/products/?page=3&page_size=5&sort=price-low" ||
		p.Previous == nil || *p.Previous != "/api/products/?page=1&page_size=5&sort=price-low" {
		t.Fatalf("page 2: %+v", p)
	}
	if last := NewPage(u, 3, 5, 12, []int{11, 12}); last.Next != nil {
		t.Errorf("the last page links on: %s", *last.Next)
	}
	past := NewPage(u, 9, 5, 12, []int{})
	if past.Previous == nil || *past.Previous != "/api/products/?page=3&page_size=5&sort=price-low" {
		t.Errorf("past the end, previous is %v", past.Previous)
	}
	if first := NewPage(u, 1, 5, 12, []int{1}); first.Previous != nil {
		t.Errorf("the first page links back: %s", *first.Previous)
	}
}
