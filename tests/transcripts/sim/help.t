# The simulator commands, as `sim help` lists them.
$ sim help
Simulator commands (playground only):
  sim time                                  show the virtual clock
  sim advance DURATION                      advance virtual time (500ms, 10s, 2m, 1h30m)
  sim settle [--timeout DURATION]           run until the cluster stops changing
  sim step [N] [--changes-only] [-v]        run N reconcile steps, explaining each (default 1); a step
                                              that changed nothing (no-op) counts as one; --changes-only
                                              runs until N steps changed something and shows only those
  sim jump N                                time travel: the cluster as it was just after step N (0: before
                                              any); the later steps stay recorded until something changes
  sim back [N] [--changes-only]             time travel N steps back (default 1; --changes-only counts
                                              only steps that changed something)
  sim forward [N] [--changes-only]          replay N recorded steps after a jump back (default 1)
  sim seed N                                fix the random seed (before creating objects)
  sim cache-lag [DURATION]                  make the controllers' informer caches lag the API by DURATION
                                              (300ms, 2s; at most 1m; 0 turns it off); without one, show it
  sim node add NAME [--cpu Q] [--memory Q] [--pods N] [--label k=v]... [--taint k=v:Effect]...
  sim node fail|recover|remove NAME         break, repair or delete a node
  sim pod kill POD [-c CONTAINER] [-n NS]   kill a container (it restarts per restartPolicy)
  sim image missing IMAGE                   make pulls of IMAGE fail
  sim image behave IMAGE KEY=VALUE...       set how containers of IMAGE behave: ready-after=10s,
                                              crash-after=30s [exit-code=N], exit-after=5s,
                                              fail-readiness=true|false, missing=true|false, reset=true
  sim load TYPE/NAME cpu=Q [memory=Q]       put load on a workload (spread over its ready pods)
  sim trace [--last N] [--changes-only] [-v]
                                            show what the controllers did (--changes-only: hide no-ops;
                                              -v: each step's observed and desired state, writes with
                                              their field changes, and events)
  sim curl [--from POD] [--count N] URL     send requests through Services
  sim explain pod NAME [-n NS]              explain a pod's scheduling and status
  sim explain step N                        show step N's whole record (as sim trace -v does)
  sim traffic [svc/]NAME [RPS|--rps N] [--port P] [--from POD] [-n NS]
                                            send a steady stream of requests to a Service
  sim traffic stop [[svc/]NAME]             stop one stream (or all)
  sim traffic                               show requests per pod for each stream

$ sim jump
error: usage: sim jump N
See 'sim help' for the simulator commands.

$ sim back 0
error: invalid step count "0": want a positive whole number
See 'sim help' for the simulator commands.

$ sim forward 1 2
error: usage: sim forward [N] [--changes-only]
See 'sim help' for the simulator commands.
