# bmuschko/ckad-crash-course, exercises/13-creating-cronjob, the
# solution's commands in order.
$ kubectl create cronjob current-date --schedule="* * * * *" --image=nginx -- /bin/sh -c 'echo "Current date: $(date)"'
cronjob.batch/current-date created

# The solution's table has a Job's columns; `get cronjobs` lists the
# CronJob, one row per change while it runs.
$ kubectl get cronjobs --watch
NAME           SCHEDULE    TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
current-date   * * * * *   <none>     False     0        <none>          0s
current-date   * * * * *   <none>     False     1        0s              58s
current-date   * * * * *   <none>     False     0        4s              62s
current-date   * * * * *   <none>     False     1        0s              118s
current-date   * * * * *   <none>     False     0        4s              2m2s
current-date   * * * * *   <none>     False     1        0s              2m58s
current-date   * * * * *   <none>     False     0        2s              3m
current-date   * * * * *   <none>     False     1        0s              3m58s
current-date   * * * * *   <none>     False     0        2s              4m
current-date   * * * * *   <none>     False     1        0s              4m58s
(playground) stopped watching: the cluster settled after 4m59s of virtual time; kubectl would keep watching until interrupted

# The Jobs, as the solution's table meant: three finished ones are kept
# (successfulJobsHistoryLimit), the oldest deleted as a new one finishes.
$ kubectl get jobs --watch
NAME                    STATUS     COMPLETIONS   DURATION   AGE
current-date-28928162   Complete   1/1           4s         3m1s
current-date-28928163   Complete   1/1           2s         2m1s
current-date-28928164   Complete   1/1           2s         61s
current-date-28928165   Running    0/1           1s         1s
current-date-28928165   Complete   1/1           2s         2s
current-date-28928162   Complete   1/1           4s         3m2s
current-date-28928166   Running    0/1                      0s
current-date-28928166   Running    0/1           0s         0s
current-date-28928166   Complete   1/1           2s         2s
current-date-28928163   Complete   1/1           2s         3m2s
current-date-28928167   Running    0/1                      0s
current-date-28928167   Running    0/1           0s         0s
current-date-28928167   Complete   1/1           2s         2s
current-date-28928164   Complete   1/1           2s         3m2s
current-date-28928168   Running    0/1                      0s
current-date-28928168   Running    0/1           0s         0s
current-date-28928168   Complete   1/1           2s         2s
current-date-28928165   Complete   1/1           2s         3m2s
current-date-28928169   Running    0/1                      0s
current-date-28928169   Running    0/1           0s         0s
current-date-28928169   Complete   1/1           2s         2s
current-date-28928166   Complete   1/1           2s         3m2s
current-date-28928170   Running    0/1                      0s
current-date-28928170   Running    0/1           0s         0s
(playground) stopped watching: the cluster settled after 5m of virtual time; kubectl would keep watching until interrupted

# The solution's controller-uid and job-name labels are joined by their
# batch.kubernetes.io/ forms since v1.27.
$ kubectl get pods --show-labels
NAME                          READY   STATUS              RESTARTS   AGE    LABELS
current-date-28928167-ct7sn   0/1     Completed           0          3m1s   batch.kubernetes.io/controller-uid=70203462-8c4e-4f42-b2f6-2336877bda3e,batch.kubernetes.io/job-name=current-date-28928167,controller-uid=70203462-8c4e-4f42-b2f6-2336877bda3e,job-name=current-date-28928167
current-date-28928168-fg225   0/1     Completed           0          2m1s   batch.kubernetes.io/controller-uid=4a6783e8-3584-4475-95e7-47c39fa5382d,batch.kubernetes.io/job-name=current-date-28928168,controller-uid=4a6783e8-3584-4475-95e7-47c39fa5382d,job-name=current-date-28928168
current-date-28928169-lq2gv   0/1     Completed           0          61s    batch.kubernetes.io/controller-uid=4873a269-beb1-4194-842f-919249967096,batch.kubernetes.io/job-name=current-date-28928169,controller-uid=4873a269-beb1-4194-842f-919249967096,job-name=current-date-28928169
current-date-28928170-g8ktv   0/1     ContainerCreating   0          1s     batch.kubernetes.io/controller-uid=2fec332b-d9af-4743-8a9b-be7cb5b88e26,batch.kubernetes.io/job-name=current-date-28928170,controller-uid=2fec332b-d9af-4743-8a9b-be7cb5b88e26,job-name=current-date-28928170

$ kubectl logs current-date-28928167-ct7sn
Current date: Wed Jan  1 00:07:01 UTC 2025

$ kubectl get cronjobs current-date -o yaml | grep successfulJobsHistoryLimit:
  successfulJobsHistoryLimit: 3

$ kubectl delete cronjob current-date
cronjob.batch "current-date" deleted
