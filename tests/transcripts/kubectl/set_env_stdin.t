# env and printenv show the environment the terminal's shell gives a
# command: its exported variables (an assignment alone stays the shell's,
# as in bash), and a command's own NAME=value prefix. kubectl set env -e -
# reads KEY=VALUE lines from standard input (env_parse.go's readEnv: a #
# starts a comment, lines without = are skipped), as its own example
# `env | grep RAILS_ | kubectl set env -e - deployment/registry` does.
$ kubectl create deployment registry --image=registry:2
deployment.apps/registry created

$ RAILS_ENV=production

$ env | grep RAILS_

$ export RAILS_ENV RAILS_PORT=3000 OTHER=x

$ env
OTHER=x
RAILS_ENV=production
RAILS_PORT=3000

$ printenv RAILS_PORT
3000

$ printenv RAILS_PORT NOPE
3000

$ echo $?
1

$ RAILS_LOG=debug printenv RAILS_LOG
debug

$ env RAILS_SECRET=s printenv RAILS_SECRET
s

$ env -i A=1
A=1

$ env | grep RAILS_ | kubectl set env -e - deployment/registry
deployment.apps/registry env updated

$ kubectl set env deployment/registry --list
# Deployment registry, container registry
RAILS_ENV=production
RAILS_PORT=3000

# Comments and lines without = are skipped (the comment's space stays in
# the value); the -e settings come before the arguments' (set_env.go
# appends the arguments to them), and new names are added in that order.
$ kubectl set env deployment/registry A=1 -e - B=2 <<EOF
# a comment
RAILS_PORT=3001 # the new port
not a setting
C=x=y
EOF
deployment.apps/registry env updated

$ kubectl set env deployment/registry --list
# Deployment registry, container registry
RAILS_ENV=production
RAILS_PORT=3001
C=x=y
A=1
B=2

$ kubectl get deployment registry -o jsonpath='{.spec.template.spec.containers[0].env[1].value}|{"\n"}'
3001 |

$ unset OTHER

$ printenv OTHER

$ echo $?
1

$ kubectl set env deployment/registry -e -
(playground) nothing is piped in, so -e - reads no variables: pipe them in (env | grep RAILS_ | kubectl set env -e - deployment/registry)
