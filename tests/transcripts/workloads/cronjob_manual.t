# `kubectl create job --from=cronjob/NAME` (createJobFromCronJob): the
# CronJob's jobTemplate with the `cronjob.kubernetes.io/instantiate: manual`
# mark (the template's own annotations are laid over it), the template's
# labels, and a controller reference without blockOwnerDeletion (kubectl
# avoids it on purpose: it would need the cronjobs/finalizers permission).
# The namespace is written only when given with -n.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "0 3 * * *"
  jobTemplate:
    metadata:
      labels:
        team: data
      annotations:
        owner: alice
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
          - name: report
            image: busybox:1.36
            command: ["echo", "hello"]
EOF
cronjob.batch/nightly created

$ kubectl create job manual-1 --from=cronjob/nightly --dry-run=client -o yaml
apiVersion: batch/v1
kind: Job
metadata:
  annotations:
    cronjob.kubernetes.io/instantiate: manual
    owner: alice
  creationTimestamp: null
  labels:
    team: data
  name: manual-1
  ownerReferences:
  - apiVersion: batch/v1
    controller: true
    kind: CronJob
    name: nightly
    uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:
  template:
    metadata:
      creationTimestamp: null
    spec:
      containers:
      - command:
        - echo
        - hello
        image: busybox:1.36
        imagePullPolicy: IfNotPresent
        name: report
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: OnFailure
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status: {}

$ kubectl create job manual-1 --from=cronjob/nightly -n default --dry-run=client -o jsonpath='{.metadata.namespace}'
default

$ kubectl create job manual-1 --from=cronjob/nightly
job.batch/manual-1 created

# The CronJob controller sees a Job it controls but did not start: it
# warns (UnexpectedJob) and leaves it out of status.active; once the Job
# succeeds it still counts for lastSuccessfulTime.
$ sim settle
settled after 17 steps and 3s of virtual time

$ kubectl get events --field-selector involvedObject.kind=CronJob
LAST SEEN   TYPE      REASON          OBJECT            MESSAGE
3s          Warning   UnexpectedJob   cronjob/nightly   Saw a job that the controller did not create or forgot: manual-1

$ kubectl get cronjob nightly
NAME      SCHEDULE    TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
nightly   0 3 * * *   <none>     False     0        <none>          3s

$ kubectl get cronjob nightly -o jsonpath='{.status}'
{"lastSuccessfulTime":"2025-01-01T00:00:04Z"}

$ kubectl get jobs
NAME       STATUS     COMPLETIONS   DURATION   AGE
manual-1   Complete   1/1           2s         3s

# Only a CronJob can be instantiated; anything else is found by the
# builder and then refused with the Go type's name.
$ kubectl create deployment web --image=nginx
deployment.apps/web created

$ kubectl create job x --from=deployment/web
error: unknown object type *v1.Deployment

$ kubectl create job x --from=cronjob/missing
Error from server (NotFound): cronjobs.batch "missing" not found

$ kubectl create job x --from=cronjob
error: resource(s) were provided, but no name was specified

$ kubectl create job x --from=foo/bar
error: the server doesn't have a resource type "foo"

$ kubectl create job x --from=cronjob/nightly --image=busybox
error: either --image or --from must be specified
