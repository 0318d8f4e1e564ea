# kubernetes.io "Ephemeral Containers" (Concepts): what the page states,
# checked. Its walkthrough is the "Debug Running Pods" task
# (tests/transcripts/tasks/debug_running_pods.t).
$ kubectl run ephemeral-demo --image=registry.k8s.io/pause:3.1 --restart=Never
pod/ephemeral-demo created

$ sim settle
settled after 6 steps and 2s of virtual time

# "Ephemeral containers are created using a special ephemeralcontainers
# handler in the API rather than by adding them directly to pod.spec".
$ kubectl patch pod ephemeral-demo -p '{"spec":{"ephemeralContainers":[{"name":"debugger","image":"busybox:1.28"}]}}'
The Pod "ephemeral-demo" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)
  core.PodSpec{
- 	ephemeralContainers: null
+ 	ephemeralContainers: [{"name":"debugger","image":"busybox:1.28","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent"}]
  }

# kubectl patch cannot reach that handler (only status and scale), so
# kubectl debug is the way in.
$ kubectl patch pod ephemeral-demo --subresource=ephemeralcontainers -p '{"spec":{"ephemeralContainers":[{"name":"debugger","image":"busybox:1.28"}]}}'
error: invalid subresource value: "ephemeralcontainers". Must be one of [status scale]

$ kubectl debug ephemeral-demo --image=busybox:1.28 -c debugger -- sleep 5
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".

$ sim settle
settled after 5 steps and 6s of virtual time

$ kubectl get pod ephemeral-demo -o jsonpath='{.spec.ephemeralContainers[0].name} {.status.ephemeralContainerStatuses[0].state.terminated.reason}{"\n"}'
debugger Completed

# "Ephemeral containers ... will never be automatically restarted": the
# sleep ended and nothing starts it again; the pod stays Running, 1/1.
$ sim advance 60s
advanced 60s to 2025-01-01T00:01:10Z (0 steps ran)

$ kubectl get pod ephemeral-demo -o jsonpath='{.status.ephemeralContainerStatuses[0].state.terminated.reason} {.status.ephemeralContainerStatuses[0].restartCount}{"\n"}'
Completed 0

$ kubectl get pod ephemeral-demo
NAME             READY   STATUS    RESTARTS   AGE
ephemeral-demo   1/1     Running   0          68s

$ kubectl describe pod ephemeral-demo | grep -A14 '^Ephemeral Containers'
Ephemeral Containers:
  debugger:
    Container ID:  containerd://918032d1e60d1182c941f80f548dd8ac0c693a1768f4a72bc34979fc05f3db7b
    Image:         busybox:1.28
    Image ID:      docker.io/library/busybox@sha256:6595e9941d0bd46a2c825154ecfc87ff91f3c46f2f1fd8186b323060f7726c9d
    Port:          <none>
    Host Port:     <none>
    Command:
      sleep
      5
    State:          Terminated
      Reason:       Completed
      Exit Code:    0
      Started:      Wed, 01 Jan 2025 00:00:04 +0000
      Finished:     Wed, 01 Jan 2025 00:00:09 +0000
