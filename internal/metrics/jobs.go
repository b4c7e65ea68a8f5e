package metrics

import "github.com/prometheus/client_golang/prometheus"

var jobHeldDesc = prometheus.NewDesc("shop_job_held",
	"1 for each background job this instance holds the lease of and runs, 0 for those another instance runs.", []string{"job"}, nil)

// jobsHeld reports, at each scrape, which jobs run here: summed over the
// instances each job should be 1.
type jobsHeld func() (all, held []string)

func (j jobsHeld) Describe(ch chan<- *prometheus.Desc) { ch <- jobHeldDesc }

func (j jobsHeld) Collect(ch chan<- prometheus.Metric) {
	all, held := j()
	here := map[string]bool{}
	for _, h := range held {
		here[h] = true
	}
	for _, name := range all {
		v := 0.0
		if here[name] {
			v = 1
		}
		ch <- prometheus.MustNewConstMetric(jobHeldDesc, prometheus.GaugeValue, v, name)
	}
}
