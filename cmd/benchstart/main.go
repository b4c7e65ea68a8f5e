// Command benchstart measures a cold start: from starting a command to the
// first 200 answer of a URL, several times, with the CPU time the process
// had used by then (docs/benchmarks.md). The CPU time does not grow with
// the machine's load as the wall time does.
//
//	benchstart -n 5 -url http://127.0.0.1:18181/api/products/?page=1 -- bin/shop serve
//
// The command is started with this process's environment, stopped with
// SIGINT after each answer, and waited for.
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

func main() {
	n := flag.Int("n", 5, "how many starts")
	url := flag.String("url", "", "the URL whose first 200 ends a start")
	flag.Parse()
	if *url == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: benchstart [-n 5] -url URL -- command [args...]")
		os.Exit(2)
	}
	var walls, cpus []time.Duration
	for range *n {
		wall, cpu, err := start(*url, flag.Args())
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchstart:", err)
			os.Exit(1)
		}
		walls, cpus = append(walls, wall), append(cpus, cpu)
	}
	fmt.Printf("start to first 200 of %s: median %s (%s), process CPU by then: median %s (%s)\n",
		*url, median(walls), list(walls), median(cpus), list(cpus))
}

// start runs the command once and asks url every millisecond until it
// answers 200.
func start(url string, command []string) (wall, cpu time.Duration, err error) {
	cmd := exec.Command(command[0], command[1:]...)
	cmd.Stderr = os.Stderr
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, 0, err
	}
	defer func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	}()
	client := &http.Client{Timeout: 5 * time.Second}
	for time.Since(t0) < time.Minute {
		resp, err := client.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return time.Since(t0), cpuOf(cmd.Process.Pid), nil
			}
		}
		time.Sleep(time.Millisecond)
	}
	return 0, 0, fmt.Errorf("no 200 from %s within a minute", url)
}

// cpuOf is the time the threads of process pid have run on a CPU, from
// /proc/PID/task/*/schedstat (nanoseconds, unlike the 10 ms ticks of
// /proc/PID/stat).
func cpuOf(pid int) time.Duration {
	tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	var total int64
	for _, t := range tasks {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/schedstat", pid, t.Name()))
		if err != nil {
			continue
		}
		var ns int64
		if _, err := fmt.Sscan(string(b), &ns); err == nil {
			total += ns
		}
	}
	return time.Duration(total)
}

func median(ds []time.Duration) string {
	s := slices.Clone(ds)
	slices.Sort(s)
	return round(s[len(s)/2])
}

func list(ds []time.Duration) string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = round(d)
	}
	return strings.Join(out, " ")
}

func round(d time.Duration) string { return d.Round(100 * time.Microsecond).String() }
