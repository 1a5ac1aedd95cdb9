#!/usr/bin/perl
# The contract's three routes, hand-rolled on Perl's core IO::Socket: one
# process, one connection at a time, closed after each response. It has the
# bug the contract check is there to catch: GET /user/:id answers the id
# with a trailing newline ("42\n"), the habit of print "...\n".
#     perl perl-server.pl PORT
use strict;
use warnings;
use IO::Socket::INET;

my $port = shift // die "usage: perl-server.pl PORT\n";
my $server = IO::Socket::INET->new(LocalAddr => '127.0.0.1', LocalPort => $port,
                                   Listen => 512, ReuseAddr => 1) or die "listen on $port: $!\n";
$SIG{TERM} = sub { exit 0 };

sub answer {
    my ($method, $target) = @_;
    return (200, '') if $method eq 'GET' && $target eq '/';
    return (200, "$1\n") if $method eq 'GET' && $target =~ m{^/user/(\d+)$};
    return (200, '') if $method eq 'POST' && $target eq '/user';
    return (404, '');
}

while (my $client = $server->accept) {
    my $line = <$client>;
    if (defined $line) {
        my ($method, $target) = split ' ', $line;
        my $length = 0;
        while (my $header = <$client>) {
            last if $header =~ /^\r?\n$/;
            $length = $1 if $header =~ /^Content-Length:\s*(\d+)/i;
        }
        read($client, my $body, $length) if $length;
        my ($status, $out) = answer($method // '', $target // '');
        my $reason = $status == 200 ? 'OK' : 'Not Found';
        print $client "HTTP/1.1 $status $reason\r\nContent-Type: text/plain\r\n",
            "Content-Length: " . length($out) . "\r\nConnection: close\r\n\r\n$out";
    }
    close $client;
}
