# bmuschko/ckad-crash-course, exercises/04-cronjob (the course's newest
# numbering), the solution's commands in order.
$ kubectl create cronjob current-date --schedule="* * * * *" --image=nginx -- /bin/sh -c 'echo "Current date: $(date)"'
cronjob.batch/current-date created

# v1.32 prints the Job's STATUS column (new in 1.30), which the
# solution's listing predates. The watch ends when the cluster settles.
$ kubectl get jobs --watch
NAME                    STATUS    COMPLETIONS   DURATION   AGE
current-date-28928161   Running   0/1                      0s
current-date-28928161   Running   0/1           0s         0s
current-date-28928161   Complete   1/1           4s         4s
current-date-28928162   Running    0/1                      0s
current-date-28928162   Running    0/1           0s         0s
current-date-28928162   Complete   1/1           4s         4s
current-date-28928163   Running    0/1                      0s
current-date-28928163   Running    0/1           0s         0s
current-date-28928163   Complete   1/1           2s         2s
current-date-28928164   Running    0/1                      0s
current-date-28928164   Running    0/1           0s         0s
current-date-28928164   Complete   1/1           2s         2s
current-date-28928161   Complete   1/1           4s         3m2s
current-date-28928165   Running    0/1                      0s
current-date-28928165   Running    0/1           0s         0s
(playground) stopped watching: the cluster settled after 4m59s of virtual time; kubectl would keep watching until interrupted

# v1.32's Job controller adds the batch.kubernetes.io/ labels next to the
# solution's controller-uid and job-name; the CronJob's pods carry no
# run label.
$ kubectl get pods --show-labels
NAME                          READY   STATUS              RESTARTS   AGE    LABELS
current-date-28928162-hq85l   0/1     Completed           0          3m1s   batch.kubernetes.io/controller-uid=f155ef15-30c3-4853-bb46-5872256b5f44,batch.kubernetes.io/job-name=current-date-28928162,controller-uid=f155ef15-30c3-4853-bb46-5872256b5f44,job-name=current-date-28928162
current-date-28928163-hl54k   0/1     Completed           0          2m1s   batch.kubernetes.io/controller-uid=dcdac664-0b60-45d6-9ced-5d4740788e7e,batch.kubernetes.io/job-name=current-date-28928163,controller-uid=dcdac664-0b60-45d6-9ced-5d4740788e7e,job-name=current-date-28928163
current-date-28928164-vt49f   0/1     Completed           0          61s    batch.kubernetes.io/controller-uid=b29e1031-0af8-44e1-a0c8-d33f44f98192,batch.kubernetes.io/job-name=current-date-28928164,controller-uid=b29e1031-0af8-44e1-a0c8-d33f44f98192,job-name=current-date-28928164
current-date-28928165-99mtr   0/1     ContainerCreating   0          1s     batch.kubernetes.io/controller-uid=4b754c18-21a4-48e7-8f75-f28f5a5f6d1f,batch.kubernetes.io/job-name=current-date-28928165,controller-uid=4b754c18-21a4-48e7-8f75-f28f5a5f6d1f,job-name=current-date-28928165

# The solution picks a pod by name off the listing; jsonpath does it here.
$ kubectl logs $(kubectl get pods -o jsonpath='{.items[0].metadata.name}')
Current date: Wed Jan  1 00:02:04 UTC 2025

$ kubectl get cronjobs current-date -o yaml | grep successfulJobsHistoryLimit:
  successfulJobsHistoryLimit: 3

$ kubectl delete cronjob current-date
cronjob.batch "current-date" deleted
