package etims

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"shop/internal/db"
)

// The sender: each branch's queue goes to KRA in number order, since KRA
// accepts invoice N only after N-1 (docs/etims.md). One instance at a time
// holds a branch (a lease on its row, taken by a guarded UPDATE, which
// both engines run atomically), so each invoice is sent by one instance.
// A transient failure waits longer each time; a refusal stops the branch
// until an admin retries, so no number is ever skipped.

const (
	leaseFor   = 2 * time.Minute
	maxBackoff = 10 * time.Minute
	// sendFor bounds one invoice's send and record, ending before the
	// branch's lease so no other instance sends an invoice in flight.
	sendFor = 100 * time.Second
)

func randomOwner() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// backoff is how long the attempts-th failure waits: 10 s doubling, at most 10 minutes.
func backoff(attempts int) time.Duration {
	d := 10 * time.Second
	for i := 1; i < attempts && d < maxBackoff; i++ {
		d *= 2
	}
	return min(d, maxBackoff)
}

// claim takes or renews this instance's lease on the branch; false when
// another instance holds it.
func (s *Service) claim(ctx context.Context, branch string) (bool, error) {
	if _, err := s.db.Exec(ctx, `INSERT INTO etims_branches (branch) VALUES ($1) ON CONFLICT (branch) DO NOTHING`, branch); err != nil {
		return false, err
	}
	now := s.now().UTC()
	res, err := s.db.Exec(ctx, `UPDATE etims_branches SET lease_owner = $1, lease_until = $2
		WHERE branch = $3 AND (lease_owner = $1 OR lease_until IS NULL OR lease_until < $4)`, s.owner, now.Add(leaseFor), branch, now)
	if err != nil {
		return false, fmt.Errorf("claim eTIMS branch %s: %w", branch, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *Service) release(ctx context.Context, branch string) {
	if _, err := s.db.Exec(ctx, `UPDATE etims_branches SET lease_until = NULL WHERE branch = $1 AND lease_owner = $2`, branch, s.owner); err != nil {
		s.log.WarnContext(ctx, "release eTIMS branch", "err", err)
	}
}

// device returns the branch's cmcKey, initialising the device the first
// time: KRA answers 902 to a second initialisation, with the same details.
func (s *Service) device(ctx context.Context, branch string) (string, error) {
	var key string
	if err := s.db.QueryRow(ctx, `SELECT cmc_key FROM etims_branches WHERE branch = $1`, branch).Scan(&key); err != nil {
		return "", err
	}
	if key != "" {
		return key, nil
	}
	info, rep, err := s.client.Initialize(ctx, s.serial)
	if err != nil {
		return "", err
	}
	if (rep.ResultCd != CodeOK && rep.ResultCd != CodeInstalled) || info.CmcKey == "" {
		return "", fmt.Errorf("KRA refused to initialise the eTIMS device of branch %s: %s %s", branch, rep.ResultCd, rep.ResultMsg)
	}
	_, err = s.db.Exec(ctx, `UPDATE etims_branches SET sdc_id = $1, mrc_no = $2, cmc_key = $3, initialised_at = $4 WHERE branch = $5`,
		info.SdcID, info.MrcNo, info.CmcKey, s.now().UTC(), branch)
	s.log.InfoContext(ctx, "eTIMS device initialised", "branch", branch, "scu_id", info.SdcID)
	return info.CmcKey, err
}

// queued is an invoice waiting for KRA.
type queued struct {
	id       int64
	invcNo   int64
	status   string
	attempts int
	nextTry  sql.NullTime
	body     string
}

// SendDue sends the branch's queue as far as it can and returns how many
// invoices KRA took. It stops at a refused invoice, at one waiting for its
// next try, and when another instance holds the branch.
func (s *Service) SendDue(ctx context.Context) (int, error) {
	if !s.Enabled() {
		return 0, nil
	}
	branch := s.client.Branch()
	ok, err := s.claim(ctx, branch)
	if err != nil || !ok {
		return 0, err
	}
	// Released even when the job was told to stop, so another instance goes
	// on at once instead of after the branch's lease.
	defer s.release(context.WithoutCancel(ctx), branch)
	key, err := s.device(ctx, branch)
	if err != nil {
		return 0, err
	}
	sent := 0
	for {
		if ctx.Err() != nil {
			return sent, nil // stopped: the rest wait for the next sender
		}
		var q queued
		err := s.db.QueryRow(ctx, `SELECT id, invc_no, status, attempts, next_try_at, body FROM etims_invoices
			WHERE branch = $1 AND status <> 'signed' ORDER BY invc_no LIMIT 1`, branch).Scan(&q.id, &q.invcNo, &q.status, &q.attempts, &q.nextTry, &q.body)
		if db.NoRows(err) {
			break
		}
		if err != nil {
			return sent, err
		}
		if q.status == "refused" || (q.nextTry.Valid && q.nextTry.Time.After(s.now())) {
			break
		}
		if ok, err := s.claim(ctx, branch); err != nil || !ok {
			return sent, err // the lease ran out while KRA was slow: another instance goes on
		}
		// The invoice in hand is sent and recorded to the end even when the
		// job is told to stop: cut off after KRA took it, the next send would
		// get KRA's "duplicate" answer, without the signature the first
		// answer carried.
		sending, cancel := context.WithTimeout(context.WithoutCancel(ctx), sendFor)
		done, err := s.sendOne(sending, key, q)
		cancel()
		if err != nil {
			return sent, err
		}
		if !done {
			break
		}
		sent++
	}
	return sent, s.sendStock(ctx, key, branch)
}

// sendOne registers the invoice's items as needed and sends it; done
// reports whether KRA has it.
func (s *Service) sendOne(ctx context.Context, key string, q queued) (done bool, err error) {
	var inv Invoice
	if err := json.Unmarshal([]byte(q.body), &inv); err != nil {
		return false, fmt.Errorf("read eTIMS invoice %d: %w", q.invcNo, err)
	}
	if inv.RcptTyCd == Sale {
		for _, it := range inv.ItemList {
			code, msg, err := s.register(ctx, key, it)
			if err != nil {
				return false, s.retryLater(ctx, q, err)
			}
			if code != "" {
				return false, s.refuse(ctx, q, code, "item "+it.ItemCd+": "+msg)
			}
		}
	}
	signed, rep, err := s.client.SaveSales(ctx, key, inv)
	if err != nil {
		return false, s.retryLater(ctx, q, err)
	}
	switch rep.ResultCd {
	case CodeOK:
		return true, s.sign(ctx, q, signed, rep)
	case CodeDuplicate:
		// KRA has this number from an earlier send whose answer was lost.
		return true, s.sign(ctx, q, Signed{}, rep)
	}
	return false, s.refuse(ctx, q, rep.ResultCd, rep.ResultMsg)
}

// register saves an item with KRA unless KRA already has it as the
// invoice names it. A refusal returns KRA's code and message.
func (s *Service) register(ctx context.Context, key string, it SaleItem) (code, msg string, err error) {
	var registered string
	if err = s.db.QueryRow(ctx, `SELECT registered FROM etims_items WHERE item_cd = $1`, it.ItemCd).Scan(&registered); err != nil {
		return "", "", fmt.Errorf("eTIMS item %s: %w", it.ItemCd, err)
	}
	as := it.ItemNm + "|" + it.TaxTyCd
	if registered == as {
		return "", "", nil
	}
	item := Item{ItemCd: it.ItemCd, ItemClsCd: it.ItemClsCd, ItemTyCd: it.ItemCd[2:3], ItemNm: it.ItemNm, OrgnNatCd: "KE",
		PkgUnitCd: it.PkgUnitCd, QtyUnitCd: it.QtyUnitCd, TaxTyCd: it.TaxTyCd, DftPrc: it.Prc, IsrcAplcbYn: "N", UseYn: "Y",
		RegrID: "shop", RegrNm: "shop", ModrID: "shop", ModrNm: "shop"}
	rep, err := s.client.SaveItem(ctx, key, item)
	if err != nil {
		return "", "", err
	}
	if rep.ResultCd != CodeOK {
		_, err = s.db.Exec(ctx, `UPDATE etims_items SET result_cd = $1, result_msg = $2 WHERE item_cd = $3`, rep.ResultCd, rep.ResultMsg, it.ItemCd)
		return rep.ResultCd, rep.ResultMsg, err
	}
	_, err = s.db.Exec(ctx, `UPDATE etims_items SET registered_at = $1, registered = $2, result_cd = $3, result_msg = '' WHERE item_cd = $4`,
		s.now().UTC(), as, CodeOK, it.ItemCd)
	return "", "", err
}

func (s *Service) retryLater(ctx context.Context, q queued, cause error) error {
	if !errors.Is(cause, ErrTransient) {
		return cause
	}
	next := s.now().Add(backoff(q.attempts + 1)).UTC()
	s.log.WarnContext(ctx, "eTIMS unreachable; trying again later", "invoice", q.invcNo, "next_try", next, "err", cause)
	_, err := s.db.Exec(ctx, `UPDATE etims_invoices SET attempts = attempts + 1, next_try_at = $1, result_msg = $2 WHERE id = $3 AND status = 'pending'`,
		next, trim(cause.Error(), 400), q.id)
	return err
}

func (s *Service) refuse(ctx context.Context, q queued, code, msg string) error {
	s.log.ErrorContext(ctx, "KRA refused an eTIMS invoice: the queue waits for an admin", "invoice", q.invcNo, "code", code, "message", msg)
	_, err := s.db.Exec(ctx, `UPDATE etims_invoices SET status = 'refused', attempts = attempts + 1, result_cd = $1, result_msg = $2 WHERE id = $3`,
		code, trim(msg, 400), q.id)
	return err
}

func (s *Service) sign(ctx context.Context, q queued, sg Signed, rep Reply) error {
	var sdc, kind string
	var orderID int64
	if err := s.db.QueryRow(ctx, `SELECT b.sdc_id, i.rcpt_ty, i.order_id FROM etims_branches b JOIN etims_invoices i ON i.branch = b.branch
		WHERE i.id = $1`, q.id).Scan(&sdc, &kind, &orderID); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, `UPDATE etims_invoices SET status = 'signed', attempts = attempts + 1, result_cd = $1, result_msg = $2,
		sdc_id = $3, rcpt_no = $4, tot_rcpt_no = $5, intrl_data = $6, rcpt_sign = $7, sdc_date_time = $8, signed_at = $9
		WHERE id = $10`, rep.ResultCd, trim(rep.ResultMsg, 400), sdc, sg.CurRcptNo, sg.TotRcptNo, sg.IntrlData, sg.RcptSign, sg.SdcDateTime,
		s.now().UTC(), q.id)
	if err != nil || s.OnSigned == nil || kind != "S" {
		return err
	}
	// The invoice is stored signed either way: a mail that cannot be
	// released now still goes when its hold ends.
	if err := s.OnSigned(ctx, orderID); err != nil {
		s.log.WarnContext(ctx, "order mail not released after KRA signed", "invoice", q.invcNo, "err", err)
	}
	return nil
}

// sendStock reports the stock movement of each signed invoice, after KRA
// accepted it as KRA requires: goods out for a sale (11), back for a
// credit note (03), numbered by KRA's per-PIN sarNo.
func (s *Service) sendStock(ctx context.Context, key, branch string) error {
	type due struct {
		id   int64
		body string
	}
	list, err := db.QueryAll(ctx, s.db, "eTIMS stock movements", func(r db.Scanner) (d due, err error) { return d, r.Scan(&d.id, &d.body) },
		`SELECT id, body FROM etims_invoices WHERE branch = $1 AND status = 'signed' AND stock_status = 'pending' ORDER BY invc_no`, branch)
	if err != nil {
		return err
	}
	for _, d := range list {
		var inv Invoice
		if err := json.Unmarshal([]byte(d.body), &inv); err != nil {
			return err
		}
		io := StockIO{OrgSarNo: 0, RegTyCd: "M", CustTin: inv.CustTin, CustNm: inv.CustNm, SarTyCd: "11", OcrnDt: inv.SalesDt,
			Remark: inv.TrdInvcNo, RegrID: "shop", RegrNm: "shop", ModrID: "shop", ModrNm: "shop"}
		if inv.RcptTyCd == CreditNote {
			io.SarTyCd = "03"
		}
		for _, it := range inv.ItemList {
			if it.ItemCd[2] == '3' {
				continue // a service moves no stock
			}
			io.ItemList = append(io.ItemList, StockItem{ItemSeq: len(io.ItemList) + 1, ItemCd: it.ItemCd, ItemClsCd: it.ItemClsCd, ItemNm: it.ItemNm,
				PkgUnitCd: it.PkgUnitCd, Pkg: it.Pkg, QtyUnitCd: it.QtyUnitCd, Qty: it.Qty, Prc: it.Prc, SplyAmt: it.SplyAmt, TotDcAmt: it.DcAmt,
				TaxTyCd: it.TaxTyCd, TaxblAmt: it.TaxblAmt, TaxAmt: it.TaxAmt, TotAmt: it.TotAmt})
			io.TotTaxblAmt += it.TaxblAmt
			io.TotTaxAmt += it.TaxAmt
			io.TotAmt += it.TotAmt
		}
		io.TotItemCnt = len(io.ItemList)
		status := "sent"
		if len(io.ItemList) > 0 {
			// sarNo advances only when KRA accepts, so it is taken from the counter then
			var last int64
			if err := s.db.QueryRow(ctx, `SELECT value FROM etims_counters WHERE name = 'sar_no'`).Scan(&last); err != nil {
				return err
			}
			io.SarNo = last + 1
			rep, err := s.client.InsertStockIO(ctx, key, io)
			if err != nil {
				s.log.WarnContext(ctx, "eTIMS stock movement not sent; trying again later", "invoice", inv.InvcNo, "err", err)
				return nil
			}
			switch rep.ResultCd {
			case CodeOK, CodeDuplicate:
				if _, err := s.db.Exec(ctx, `UPDATE etims_counters SET value = $1 WHERE name = 'sar_no' AND value = $2`, io.SarNo, last); err != nil {
					return err
				}
			default:
				status = "failed"
				s.log.ErrorContext(ctx, "KRA refused an eTIMS stock movement", "invoice", inv.InvcNo, "code", rep.ResultCd, "message", rep.ResultMsg)
			}
		}
		if _, err := s.db.Exec(ctx, `UPDATE etims_invoices SET stock_status = $1 WHERE id = $2`, status, d.id); err != nil {
			return err
		}
	}
	return nil
}

// RetryTx puts the branch's refused invoices back in the queue inside tx,
// which the admin's audit entry shares, after the admin fixed what KRA
// refused; the sender takes them in number order.
func (s *Service) RetryTx(ctx context.Context, tx *sql.Tx) (int64, error) {
	if !s.Enabled() {
		return 0, nil
	}
	res, err := tx.ExecContext(ctx, `UPDATE etims_invoices SET status = 'pending', next_try_at = NULL WHERE branch = $1 AND status = 'refused'`, s.client.Branch())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Run sends the queue every interval until ctx ends.
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	if !s.Enabled() {
		return
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if _, err := s.SendDue(ctx); err != nil && ctx.Err() == nil {
			s.log.WarnContext(ctx, "eTIMS queue", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// ResumeSimulator hands the --dev simulator, new at each start, what KRA
// would remember of this shop, and makes the shop initialise its device
// and register its items again.
func (s *Service) ResumeSimulator(ctx context.Context, sim *Simulator) error {
	if !s.Enabled() {
		return nil
	}
	branch := s.client.Branch()
	bodies, err := db.QueryAll(ctx, s.db, "signed eTIMS invoices", func(r db.Scanner) (b string, err error) { return b, r.Scan(&b) },
		`SELECT body FROM etims_invoices WHERE branch = $1 AND status = 'signed' ORDER BY invc_no`, branch)
	if err != nil {
		return err
	}
	signed := make([]Invoice, len(bodies))
	for i, b := range bodies {
		if err := json.Unmarshal([]byte(b), &signed[i]); err != nil {
			return err
		}
	}
	var sar int64
	if err := s.db.QueryRow(ctx, `SELECT value FROM etims_counters WHERE name = 'sar_no'`).Scan(&sar); err != nil {
		return err
	}
	sim.Restore(branch, signed, sar)
	if _, err := s.db.Exec(ctx, `UPDATE etims_branches SET cmc_key = '' WHERE branch = $1`, branch); err != nil {
		return err
	}
	_, err = s.db.Exec(ctx, `UPDATE etims_items SET registered = ''`)
	return err
}
