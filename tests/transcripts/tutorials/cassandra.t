# kubernetes.io's "Example: Deploying Cassandra with a StatefulSet", line
# by line. The page applies its manifests from
# https://k8s.io/examples/application/cassandra/; transcripts never
# download, so each comes from a here-document with the same text.
$ cat <<'EOF' > cassandra-service.yaml
apiVersion: v1
kind: Service
metadata:
  labels:
    app.kubernetes.io/name: cassandra
  name: cassandra
spec:
  clusterIP: None
  ports:
  - port: 9042
  selector:
    app.kubernetes.io/name: cassandra
EOF

$ kubectl apply -f cassandra-service.yaml
service/cassandra created

$ kubectl get svc cassandra
NAME        TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)    AGE
cassandra   ClusterIP   None         <none>        9042/TCP   0s

$ cat <<'EOF' > cassandra-statefulset.yaml
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: cassandra
  labels:
    app.kubernetes.io/name: cassandra
spec:
  serviceName: cassandra
  replicas: 3
  selector:
    matchLabels:
      app.kubernetes.io/name: cassandra
  template:
    metadata:
      labels:
        app.kubernetes.io/name: cassandra
    spec:
      terminationGracePeriodSeconds: 500
      containers:
      - name: cassandra
        image: gcr.io/google-samples/cassandra:v13
        imagePullPolicy: Always
        ports:
        - containerPort: 7000
          name: intra-node
        - containerPort: 7001
          name: tls-intra-node
        - containerPort: 7199
          name: jmx
        - containerPort: 9042
          name: cql
        resources:
          limits:
            cpu: "500m"
            memory: 1Gi
          requests:
            cpu: "500m"
            memory: 1Gi
        securityContext:
          capabilities:
            add:
              - IPC_LOCK
        lifecycle:
          preStop:
            exec:
              command:
              - /bin/sh
              - -c
              - nodetool drain
        env:
          - name: MAX_HEAP_SIZE
            value: 512M
          - name: HEAP_NEWSIZE
            value: 100M
          - name: CASSANDRA_SEEDS
            value: "cassandra-0.cassandra.default.svc.cluster.local"
          - name: CASSANDRA_CLUSTER_NAME
            value: "K8Demo"
          - name: CASSANDRA_DC
            value: "DC1-K8Demo"
          - name: CASSANDRA_RACK
            value: "Rack1-K8Demo"
          - name: POD_IP
            valueFrom:
              fieldRef:
                fieldPath: status.podIP
        readinessProbe:
          exec:
            command:
            - /bin/bash
            - -c
            - /ready-probe.sh
          initialDelaySeconds: 15
          timeoutSeconds: 5
        # These volume mounts are persistent. They are like inline claims,
        # but not exactly because the names need to match exactly one of
        # the stateful pod volumes.
        volumeMounts:
        - name: cassandra-data
          mountPath: /cassandra_data
  # These are converted to volume claims by the controller
  # and mounted at the paths mentioned above.
  # do not use these in production until ssd GCEPersistentDisk or other ssd pd
  volumeClaimTemplates:
  - metadata:
      name: cassandra-data
    spec:
      accessModes: [ "ReadWriteOnce" ]
      storageClassName: fast
      resources:
        requests:
          storage: 1Gi
---
kind: StorageClass
apiVersion: storage.k8s.io/v1
metadata:
  name: fast
provisioner: k8s.io/minikube-hostpath
parameters:
  type: pd-ssd
EOF

$ kubectl apply -f cassandra-statefulset.yaml
statefulset.apps/cassandra created
storageclass.storage.k8s.io/fast created

# kubectl v1.32 shows READY, not the page's DESIRED and CURRENT.
$ kubectl get statefulset cassandra
NAME        READY   AGE
cassandra   0/3     0s

# The page's selector is older than its manifest: the pods are labelled
# app.kubernetes.io/name=cassandra.
$ kubectl get pods -l="app=cassandra"
No resources found in default namespace.

$ sim settle
settled after 8 steps and 0s of virtual time

$ kubectl get pods -l app.kubernetes.io/name=cassandra
NAME          READY   STATUS    RESTARTS   AGE
cassandra-0   0/1     Pending   0          0s

# The manifest's StorageClass names minikube's provisioner, which a kind
# cluster does not run: the claim waits, and cassandra-0 with it.
$ kubectl get pvc
NAME                         STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
cassandra-data-cassandra-0   Pending                                      fast           <unset>                 0s

$ kubectl describe pvc cassandra-data-cassandra-0 | tail -4
Events:
  Type    Reason                Age   From                         Message
  ----    ------                ----  ----                         -------
  Normal  ExternalProvisioning  0s    persistentvolume-controller  Waiting for a volume to be created either by the external provisioner 'k8s.io/minikube-hostpath' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.

# The page's way out: modify the manifest for the cluster. A class's
# provisioner cannot change, so delete what was made, then point the
# class at kind's local-path provisioner, which binds a volume once a
# pod using the claim is scheduled.
$ kubectl delete -f cassandra-statefulset.yaml
statefulset.apps "cassandra" deleted
storageclass.storage.k8s.io "fast" deleted

$ kubectl delete pvc cassandra-data-cassandra-0
persistentvolumeclaim "cassandra-data-cassandra-0" deleted

$ sed -i 's|provisioner: k8s.io/minikube-hostpath|provisioner: rancher.io/local-path\nvolumeBindingMode: WaitForFirstConsumer|' cassandra-statefulset.yaml

$ tail -7 cassandra-statefulset.yaml
apiVersion: storage.k8s.io/v1
metadata:
  name: fast
provisioner: rancher.io/local-path
volumeBindingMode: WaitForFirstConsumer
parameters:
  type: pd-ssd

$ kubectl apply -f cassandra-statefulset.yaml
statefulset.apps/cassandra created
storageclass.storage.k8s.io/fast created

$ kubectl get statefulset cassandra
NAME        READY   AGE
cassandra   0/3     0s

$ sim advance 40s
advanced 40s to 2025-01-01T00:00:42Z (23 steps ran)

$ kubectl get pods -l app.kubernetes.io/name=cassandra
NAME          READY   STATUS    RESTARTS   AGE
cassandra-0   0/1     Running   0          40s

$ sim settle
settled after 51 steps and 87s of virtual time

$ kubectl get pods -l app.kubernetes.io/name=cassandra
NAME          READY   STATUS    RESTARTS   AGE
cassandra-0   1/1     Running   0          2m7s
cassandra-1   1/1     Running   0          85s
cassandra-2   1/1     Running   0          42s

$ kubectl exec -it cassandra-0 -- nodetool status
Datacenter: DC1-K8Demo
======================
Status=Up/Down
|/ State=Normal/Leaving/Joining/Moving
--  Address     Load       Tokens       Owns (effective)  Host ID                               Rack
UN  10.244.1.2  77.70 KiB  32           55.8%             f2024821-53e6-4bd9-b47d-99e4ed1001fe  Rack1-K8Demo
UN  10.244.3.2  67.06 KiB  32           73.3%             3e0af22b-b349-45e1-81ea-0e533ef1f976  Rack1-K8Demo
UN  10.244.2.3  73.33 KiB  32           70.8%             6cbf78f7-e86c-446c-8618-2ed96d605777  Rack1-K8Demo

$ KUBE_EDITOR="sed -i 's/replicas: 3/replicas: 4/'" kubectl edit statefulset cassandra
statefulset.apps/cassandra edited

$ kubectl get statefulset cassandra
NAME        READY   AGE
cassandra   3/4     2m7s

$ sim settle
settled after 25 steps and 36s of virtual time

$ kubectl get statefulset cassandra
NAME        READY   AGE
cassandra   4/4     2m44s

$ kubectl exec -it cassandra-0 -- nodetool status
Datacenter: DC1-K8Demo
======================
Status=Up/Down
|/ State=Normal/Leaving/Joining/Moving
--  Address     Load       Tokens       Owns (effective)  Host ID                               Rack
UN  10.244.1.3  108.49 KiB  32           35.7%             036facd6-8338-4338-a16a-c8469070794b  Rack1-K8Demo
UN  10.244.1.2  77.70 KiB  32           45.8%             f2024821-53e6-4bd9-b47d-99e4ed1001fe  Rack1-K8Demo
UN  10.244.3.2  67.06 KiB  32           60.2%             3e0af22b-b349-45e1-81ea-0e533ef1f976  Rack1-K8Demo
UN  10.244.2.3  73.33 KiB  32           58.1%             6cbf78f7-e86c-446c-8618-2ed96d605777  Rack1-K8Demo

# Cleanup, the page's four chained commands on one line. app=cassandra
# selects nothing here (see above), so both deletes find nothing; the
# sleep is the pods' 500 s grace period.
$ grace=$(kubectl get pod cassandra-0 -o=jsonpath='{.spec.terminationGracePeriodSeconds}') && kubectl delete statefulset -l app=cassandra && echo "Sleeping ${grace} seconds" 1>&2 && sleep $grace && kubectl delete persistentvolumeclaim -l app=cassandra
No resources found
Sleeping 500 seconds
No resources found

$ kubectl delete service -l app=cassandra
No resources found

# With the manifests' label the same lines delete everything.
$ grace=$(kubectl get pod cassandra-0 -o=jsonpath='{.spec.terminationGracePeriodSeconds}') && kubectl delete statefulset -l app.kubernetes.io/name=cassandra && echo "Sleeping ${grace} seconds" 1>&2 && sleep $grace && kubectl delete persistentvolumeclaim -l app.kubernetes.io/name=cassandra
statefulset.apps "cassandra" deleted
Sleeping 500 seconds
persistentvolumeclaim "cassandra-data-cassandra-0" deleted
persistentvolumeclaim "cassandra-data-cassandra-1" deleted
persistentvolumeclaim "cassandra-data-cassandra-2" deleted
persistentvolumeclaim "cassandra-data-cassandra-3" deleted

$ kubectl delete service -l app.kubernetes.io/name=cassandra
service "cassandra" deleted

# The released volumes go with their claims (reclaimPolicy Delete).
$ sim settle
settled after 11 steps and 0s of virtual time

$ kubectl get statefulset,pods,pvc,pv,svc
NAME                 TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE
service/kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   19m

$ kubectl delete storageclass fast
storageclass.storage.k8s.io "fast" deleted
